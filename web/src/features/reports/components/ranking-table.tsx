import { ArrowDownRight, ArrowUpRight } from 'lucide-react';

/** One row of an industry ranking (docs/product.md §8.2, report 4: industry, rate, change). */
export interface RankingRow {
  industry: string;
  /** The measured rate as shown, e.g. "5.8%". */
  rate: string;
  /** Change against the previous period as shown, e.g. "+0.9 pts"; a leading "-" means down. */
  change: string;
}

interface RankingTableProps {
  caption: string;
  rows: readonly RankingRow[];
  rateLabel?: string;
  changeLabel?: string;
}

/**
 * A ranked table of industries with a rate and its change (up in green, down
 * in rose, with the direction also spelled out for screen readers). Generic.
 */
export function RankingTable({ caption, rows, rateLabel = 'Rate', changeLabel = 'Change' }: RankingTableProps) {
  return (
    <div className="max-w-4xl overflow-hidden rounded-2xl border border-ink-700">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-ink-800 text-xs uppercase tracking-wide text-slate-400">
          <tr>
            <th scope="col" className="px-3 py-3 sm:px-4 font-semibold">
              Rank
            </th>
            <th scope="col" className="px-3 py-3 sm:px-4 font-semibold">
              Industry
            </th>
            <th scope="col" className="px-3 py-3 sm:px-4 text-right font-semibold">
              {rateLabel}
            </th>
            <th scope="col" className="px-3 py-3 sm:px-4 text-right font-semibold">
              {changeLabel}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-700 bg-ink-800/40">
          {rows.map((r, i) => {
            const down = r.change.trim().startsWith('-');
            const Icon = down ? ArrowDownRight : ArrowUpRight;
            return (
              <tr key={r.industry}>
                <td className="px-3 py-3 sm:px-4 font-semibold text-slate-400">{i + 1}</td>
                <th scope="row" className="px-3 py-3 sm:px-4 font-medium text-white">
                  {r.industry}
                </th>
                <td className="px-3 py-3 sm:px-4 text-right font-semibold text-white">{r.rate}</td>
                <td className={`whitespace-nowrap px-3 py-3 sm:px-4 text-right font-medium ${down ? 'text-rose-300' : 'text-brand-300'}`}>
                  <span className="inline-flex items-center gap-1">
                    <Icon aria-hidden="true" className="h-4 w-4" />
                    <span className="sr-only">{down ? 'down' : 'up'} </span>
                    {r.change}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
