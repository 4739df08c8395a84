import { Check, ShieldCheck, X } from 'lucide-react';
import { cardClass } from '@/components/ui/styles';
import { safetyNotes } from '../content/pdf-converter-content';

function NoteList({ title, items, allowed }: { title: string; items: readonly string[]; allowed: boolean }) {
  const Icon = allowed ? Check : X;
  return (
    <div>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-400">{title}</h3>
      <ul className="mt-2 space-y-2 text-sm text-slate-300">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <Icon aria-hidden="true" className={`mt-0.5 h-4 w-4 shrink-0 ${allowed ? 'text-brand-300' : 'text-rose-400'}`} />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the renderer loads and what it refuses: remote resources are blocked, inline and data: content works. */
export function SafetyNote() {
  return (
    <aside aria-labelledby="pdf-safety-title" className={`${cardClass} space-y-5 p-5 sm:p-6`}>
      <div className="flex items-center gap-3">
        <ShieldCheck aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-300" />
        <h2 id="pdf-safety-title" className="text-lg font-semibold text-white">
          {safetyNotes.title}
        </h2>
      </div>
      <p className="text-sm leading-6 text-slate-300">{safetyNotes.intro}</p>
      <NoteList {...safetyNotes.works} allowed />
      <NoteList {...safetyNotes.blocked} allowed={false} />
      <p className="rounded-lg bg-ink-900 p-3 text-xs leading-5 text-slate-400">{safetyNotes.tip}</p>
    </aside>
  );
}
