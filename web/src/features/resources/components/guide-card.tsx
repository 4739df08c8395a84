import { Link } from 'react-router';
import { ArrowRight, Check } from 'lucide-react';
import { cardClass } from '@/components/ui/styles';
import { reportHref } from '../content/guides';
import type { ResourceItem } from '../content/types';

/** One downloadable guide: what it covers, its size and a link to the report page. */
export function GuideCard({ item }: { item: ResourceItem }) {
  const { icon: Icon, stats } = item;
  const figures = [
    { label: 'Pages', value: stats.pages },
    { label: 'Strategies', value: stats.strategies },
    { label: 'Templates', value: stats.templates },
  ];
  return (
    <li className={`${cardClass} flex flex-col p-6`}>
      <div className="flex items-start gap-4">
        <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-400/10 text-brand-300">
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
        <div>
          <h3 className="text-lg font-semibold text-white">{item.title}</h3>
          <p className="mt-2 text-sm leading-6 text-slate-300">{item.description}</p>
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-3 gap-2 rounded-xl border border-ink-700 bg-ink-900/50 p-3 text-center">
        {figures.map((f) => (
          <div key={f.label}>
            <dt className="text-xs text-slate-400">{f.label}</dt>
            <dd className="text-lg font-bold text-white">{f.value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-5 space-y-2 text-sm text-slate-300">
        {item.highlights.map((h) => (
          <li key={h} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-400" />
            {h}
          </li>
        ))}
      </ul>
      <Link
        to={reportHref(item)}
        className="mt-auto inline-flex min-h-11 items-center gap-1.5 pt-5 text-sm font-semibold text-brand-300 hover:text-white"
      >
        {item.ctaText}
        <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    </li>
  );
}
