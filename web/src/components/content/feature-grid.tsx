import type { LucideIcon } from 'lucide-react';
import { cardClass } from '@/components/ui/styles';

/** One card of a feature grid. */
export interface Feature {
  icon?: LucideIcon;
  title: string;
  description: string;
  /** Optional bullet points under the description. */
  points?: readonly string[];
}

/** A responsive grid of feature cards (h3 titles). */
export function FeatureGrid({ items, columns = 3 }: { items: readonly Feature[]; columns?: 2 | 3 | 4 }) {
  const cols = { 2: 'md:grid-cols-2', 3: 'md:grid-cols-2 lg:grid-cols-3', 4: 'md:grid-cols-2 lg:grid-cols-4' }[columns];
  return (
    <ul className={`grid gap-5 ${cols}`}>
      {items.map(({ icon: Icon, title, description, points }) => (
        <li key={title} className={`${cardClass} p-6`}>
          {Icon && (
            <span className="mb-4 inline-flex h-10 w-10 items-center justify-center rounded-lg bg-brand-400/10 text-brand-300">
              <Icon aria-hidden="true" className="h-5 w-5" />
            </span>
          )}
          <h3 className="text-lg font-semibold text-white">{title}</h3>
          <p className="mt-2 text-sm leading-6 text-slate-300">{description}</p>
          {points && (
            <ul className="mt-4 space-y-1.5 text-sm text-slate-300">
              {points.map((p) => (
                <li key={p} className="flex gap-2">
                  <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-400" />
                  {p}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
