import { formatCount, formatPercent } from '../lib/format';

interface TopPagesProps {
  pages: readonly { path: string; views: number; percentage: number }[];
}

/** The most viewed pages with their share of views. */
export function TopPages({ pages }: TopPagesProps) {
  return (
    <section aria-labelledby="top-pages-title" className="rounded-2xl border border-ink-700 bg-ink-800/60 p-6">
      <h2 id="top-pages-title" className="text-lg font-semibold text-white">
        Top Pages
      </h2>
      {pages.length === 0 ? (
        <p className="mt-4 text-sm text-slate-400">No page views in this period.</p>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="top-pages">
          {pages.map((p) => (
            <li key={p.path}>
              <div className="flex justify-between gap-4 text-sm">
                <span className="truncate font-mono text-slate-200">{p.path}</span>
                <span className="shrink-0 text-slate-400">
                  {formatCount(p.views)} · {formatPercent(p.percentage)}
                </span>
              </div>
              <div className="mt-1 h-1.5 rounded bg-ink-700" aria-hidden="true">
                <div className="h-full rounded bg-brand-400" style={{ width: `${Math.min(100, p.percentage)}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
