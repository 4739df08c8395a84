import { BulletList } from '@/components/content/bullet-list';
import { EmailCard } from '@/components/content/email-card';
import { cardClass } from '@/components/ui/styles';
import type { IntentLevel, IntentSignal } from '../content/intent-signals';

const badgeClass: Record<IntentLevel, string> = {
  highest: 'border-brand-400/40 bg-brand-400/10 text-brand-300',
  high: 'border-sky-400/40 bg-sky-400/10 text-sky-200',
  medium: 'border-amber-400/40 bg-amber-400/10 text-amber-200',
};

const label = 'text-sm font-semibold uppercase tracking-wide text-brand-400';

/** One intent signal: badge, conversion range, examples, why, timing and a sample message. */
export function SignalCard({ signal, index }: { signal: IntentSignal; index: number }) {
  const titleId = `signal-${signal.id}-title`;
  return (
    <article id={`signal-${signal.id}`} aria-labelledby={titleId} className={`${cardClass} scroll-mt-24 p-6 md:p-8`}>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <span className={`inline-block rounded-full border px-3 py-1 text-xs font-semibold ${badgeClass[signal.level]}`}>
            {signal.badge}
          </span>
          <h3 id={titleId} className="mt-3 text-2xl font-semibold text-white">
            <span className="text-brand-400">{index + 1}. </span>
            {signal.name}
          </h3>
        </div>
        <p className="rounded-xl border border-ink-600 bg-ink-900/60 px-4 py-2 text-right">
          <span className="block text-2xl font-bold text-white">{signal.conversion}</span>
          <span className="text-xs text-slate-300">typical reply rate</span>
        </p>
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div className="space-y-5">
          <div>
            <h4 className={label}>Examples</h4>
            <BulletList items={signal.examples} className="mt-2 space-y-2 leading-6 text-slate-300" />
          </div>
          <div>
            <h4 className={label}>Why it converts</h4>
            <p className="mt-2 leading-7 text-slate-300">{signal.why}</p>
          </div>
          <div>
            <h4 className={label}>Timing</h4>
            <p className="mt-2 leading-7 text-slate-300">{signal.timing}</p>
          </div>
        </div>
        <div>
          <h4 className={label}>Sample outreach</h4>
          <div className="mt-2">
            <EmailCard email={signal.outreach} label={`Sample outreach for ${signal.name}`} />
          </div>
        </div>
      </div>
    </article>
  );
}
