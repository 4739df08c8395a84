import { cardClass } from '@/components/ui/styles';

/** One headline number of a report, e.g. { value: '72 hours', label: 'Launch time' }. */
export interface ReportFigure {
  value: string;
  label: string;
  /** One sentence of context under the label. */
  note?: string;
}

/**
 * A grid of headline figures (a <dl>). Generic: use it for any report's key
 * numbers, results or success metrics. Two columns on phones, up to four wide.
 */
export function FigureGrid({ items, columns = 4 }: { items: readonly ReportFigure[]; columns?: 2 | 3 | 4 }) {
  const cols = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' }[columns];
  return (
    <dl className={`grid grid-cols-1 gap-4 ${cols}`}>
      {items.map((f) => (
        <div key={f.label} className={`${cardClass} flex flex-col p-5`}>
          <dt className="order-2 mt-1 text-sm font-semibold text-white">{f.label}</dt>
          <dd className="order-1 text-3xl font-extrabold tracking-tight text-brand-300">{f.value}</dd>
          {f.note && <dd className="order-3 mt-2 text-sm leading-6 text-slate-300">{f.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
