import { Check, CircleAlert } from 'lucide-react';

/**
 * A short bulleted list inside the use-case cards: check marks for what
 * Signalpipe does, alert marks for the problems it answers.
 */
export function CheckList({ items, tone = 'brand' }: { items: readonly string[]; tone?: 'brand' | 'problem' }) {
  const Icon = tone === 'brand' ? Check : CircleAlert;
  const mark = tone === 'brand' ? 'text-brand-400' : 'text-amber-300/80';
  return (
    <ul className="space-y-2 text-sm leading-6 text-slate-300">
      {items.map((item) => (
        <li key={item} className="flex gap-2.5">
          <Icon aria-hidden="true" className={`mt-1 h-4 w-4 shrink-0 ${mark}`} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
