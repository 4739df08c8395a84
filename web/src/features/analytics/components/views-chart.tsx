import { barHeight, formatBucket, formatCount } from '../lib/format';

interface ViewsChartProps {
  title: string;
  bars: readonly { date: string; views: number }[];
  bucket: 'day' | 'hour';
  /** The views of a full-height bar. */
  max: number;
}

/** Vertical bars of views per day (or hour), each labelled for screen readers too. */
export function ViewsChart({ title, bars, bucket, max }: ViewsChartProps) {
  return (
    <section aria-labelledby="views-chart-title" className="rounded-2xl border border-ink-700 bg-ink-800/60 p-6">
      <h2 id="views-chart-title" className="text-lg font-semibold text-white">
        {title}
      </h2>
      <ol className="mt-6 flex h-56 items-end gap-1" data-testid="views-chart">
        {bars.map((b) => {
          const label = formatBucket(b.date, bucket);
          return (
            <li key={b.date} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-2">
              <span className="sr-only">{`${label}: ${formatCount(b.views)} views`}</span>
              <div
                aria-hidden="true"
                title={`${label}: ${formatCount(b.views)} views`}
                className="w-full max-w-12 rounded-t bg-brand-400/80"
                style={{ height: `${barHeight(b.views, max)}%` }}
                data-views={b.views}
              />
              {bars.length <= 31 && (
                <span aria-hidden="true" className="truncate text-[10px] text-slate-400">
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
