import { useSources, type SourceHealth } from '../api/get-sources';
import { formatDateTime } from '../lib/format';
import { SourceSettingsList } from './source-settings';

const badges: Record<SourceHealth['state'], { label: string; className: string }> = {
  ok: { label: 'OK', className: 'bg-brand-400/15 text-brand-300 ring-brand-400/30' },
  degraded: { label: 'Degraded', className: 'bg-amber-400/15 text-amber-200 ring-amber-400/30' },
  failing: { label: 'Failing', className: 'bg-rose-400/15 text-rose-200 ring-rose-400/30' },
  disabled: { label: 'Disabled', className: 'bg-slate-400/15 text-slate-300 ring-slate-400/30' },
  unconfigured: { label: 'Not configured', className: 'bg-slate-400/15 text-slate-300 ring-slate-400/30' },
};

/** A source's state as a coloured label. */
export function SourceStateBadge({ state }: { state: SourceHealth['state'] }) {
  const b = badges[state];
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${b.className}`}
    >
      {b.label}
    </span>
  );
}

/**
 * Each live source's health (GET /api/admin/sources): state, why, last success and error, and the
 * last 24 hours' posts, errors and rate limits. On a phone the table keeps source, state and
 * counts; the times fold into the detail line.
 */
export function SourceHealthPanel() {
  const { data, error, isPending } = useSources();
  return (
    <section aria-labelledby="source-health-title" className="mt-10">
      <h2 id="source-health-title" className="text-xl font-bold text-white">
        Sources
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        Whether each live source works (every fetch by a search or ingest counts), then the index and each import.
      </p>
      <div className="mt-4 overflow-x-auto rounded-2xl border border-ink-700 bg-ink-800/60">
        {isPending ? (
          <p className="p-4 text-sm text-slate-400">Loading sources…</p>
        ) : error ? (
          <p role="alert" className="p-4 text-sm text-rose-200">
            Could not load the source health: {error.message}
          </p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase tracking-wide text-slate-400">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Source
                </th>
                <th scope="col" className="px-3 py-2">
                  State
                </th>
                <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                  Last success
                </th>
                <th scope="col" className="hidden px-3 py-2 md:table-cell">
                  Last error
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  <abbr title="Posts, errors and rate limits in the last 24 hours">24 h</abbr>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-700 text-slate-200">
              {data.map((s) => (
                <tr key={s.source} data-testid={`source-${s.source}`}>
                  <td className="px-3 py-2 align-top">
                    <div className="font-medium text-white">{s.source}</div>
                    {s.detail ? <div className="max-w-[9rem] break-all text-xs text-slate-400 sm:max-w-[16rem]">{s.detail}</div> : null}
                  </td>
                  <td className="px-2 py-2 align-top">
                    <SourceStateBadge state={s.state} />
                  </td>
                  <td className="hidden px-3 py-2 align-top sm:table-cell">{formatDateTime(s.lastSuccessAt)}</td>
                  <td className="hidden max-w-xs px-3 py-2 align-top md:table-cell">
                    {s.lastError ? (
                      <>
                        <div className="text-xs text-slate-400">{formatDateTime(s.lastErrorAt)}</div>
                        <div className="break-words">{s.lastError}</div>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="px-3 py-2 text-right align-top tabular-nums">
                    <div className="whitespace-nowrap">{s.posts24h} posts</div>
                    <div className="text-xs text-slate-400">
                      <span className="whitespace-nowrap">{s.errors24h} errors</span> ·{' '}
                      <span className="whitespace-nowrap">{s.rateLimits24h} limits</span>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {data ? <SourceSettingsList lines={data} /> : null}
    </section>
  );
}
