import type { ReactNode } from 'react';
import type { Report, ReportPrecision } from '../api/report-schema';

/** The look of a report: in the console (dark) or on the printable page (light, black on white). */
export type ReportTone = 'console' | 'print';

const tones = {
  console: {
    h: 'text-lg font-semibold text-white',
    muted: 'text-slate-400',
    table: 'w-full text-left text-sm text-slate-200',
    th: 'border-b border-ink-600 py-1.5 pr-3 font-semibold text-slate-300',
    td: 'border-b border-ink-800 py-1.5 pr-3',
    tile: 'rounded-lg border border-ink-600 p-3',
    big: 'block text-2xl font-bold text-white',
    bar: 'bg-brand-400',
    barGood: 'bg-emerald-400',
    track: 'bg-ink-800',
  },
  print: {
    h: 'text-base font-semibold text-black border-b border-gray-300 pb-1',
    muted: 'text-gray-600',
    table: 'w-full text-left text-sm text-black',
    th: 'border-b border-gray-400 py-1 pr-3 font-semibold',
    td: 'border-b border-gray-200 py-1 pr-3',
    tile: 'rounded border border-gray-300 p-3',
    big: 'block text-2xl font-bold text-black',
    bar: 'bg-blue-600 print:bg-blue-600',
    barGood: 'bg-emerald-600',
    track: 'bg-gray-100',
  },
} as const;

/** A rate as a whole percentage; a rate with nothing to divide is "–". */
export const pct = (v: number | null) => (v === null ? '–' : `${Math.round(v * 100)}%`);

const stateLabels: [string, string][] = [
  ['new', 'New'],
  ['reviewed', 'Reviewed'],
  ['contacted', 'Contacted'],
  ['meeting_booked', 'Meeting booked'],
  ['won', 'Won'],
  ['lost', 'Lost'],
];

const num = 'text-right tabular-nums';

function Bar({ value, max, className, track }: { value: number; max: number; className: string; track: string }) {
  const width = max > 0 ? `${(value / max) * 100}%` : '0%';
  return (
    <div aria-hidden="true" className={`h-2 w-28 rounded ${track}`}>
      <div className={`h-2 rounded ${className}`} style={{ width }} />
    </div>
  );
}

function Section({ title, t, children }: { title: string; t: (typeof tones)[ReportTone]; children: ReactNode }) {
  return (
    <section aria-label={title} className="break-inside-avoid space-y-2">
      <h3 className={t.h}>{title}</h3>
      {/* relative: the sr-only column headers (position: absolute) are clipped with the table, not widening a phone's page */}
      <div className="relative overflow-x-auto">{children}</div>
    </section>
  );
}

function PrecisionTable({
  label,
  rows,
  empty,
  t,
}: {
  label: string;
  rows: ReportPrecision[];
  empty: string;
  t: (typeof tones)[ReportTone];
}) {
  return (
    <table className={t.table}>
      <thead>
        <tr>
          <th className={t.th}>{label}</th>
          <th className={`${t.th} ${num}`}>Leads</th>
          <th className={`${t.th} ${num}`}>Good</th>
          <th className={`${t.th} ${num}`}>Noise</th>
          <th className={`${t.th} ${num}`}>Precision</th>
          <th className={t.th}>
            <span className="sr-only">Precision bar</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={6} className={`${t.td} ${t.muted}`}>
              {empty}
            </td>
          </tr>
        )}
        {rows.map((r) => (
          <tr key={r.key || '(none)'}>
            <td className={t.td}>{r.name}</td>
            <td className={`${t.td} ${num}`}>{r.leads}</td>
            <td className={`${t.td} ${num}`}>{r.good}</td>
            <td className={`${t.td} ${num}`}>{r.noise}</td>
            <td className={`${t.td} ${num}`}>{pct(r.precision)}</td>
            <td className={t.td}>
              <Bar value={r.precision ?? 0} max={1} className={t.barGood} track={t.track} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A client's report (GET /api/admin/clients/{id}/report): totals, leads and verdicts per week with
 * bars, where the leads stand, precision per agent and per source, suggested exclusions (with an
 * Apply button when onApply is given) and deliveries per channel. Every figure is the server's;
 * zero is shown as 0 and a rate with nothing to divide as "–".
 */
export function ReportView({
  report,
  tone = 'console',
  exclusions,
}: {
  report: Report;
  tone?: ReportTone;
  /** What to show beside each suggested exclusion (the console's Apply button). */
  exclusions?: (term: string) => ReactNode;
}) {
  const t = tones[tone];
  const { totals } = report;
  const maxWeek = Math.max(0, ...report.weeks.map((w) => w.leads));
  return (
    <div className="space-y-8">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className={t.tile}>
          <dt className={t.muted}>Leads found</dt>
          <dd className={t.big}>{totals.leads}</dd>
        </div>
        <div className={t.tile}>
          <dt className={t.muted}>Approval rate</dt>
          <dd>
            <span className={t.big}>{pct(totals.approvalRate)}</span>
            <span className={t.muted}>
              {totals.approved} approved, {totals.rejected} rejected, {totals.pending} pending
            </span>
          </dd>
        </div>
        <div className={t.tile}>
          <dt className={t.muted}>Good rate (client's verdicts)</dt>
          <dd>
            <span className={t.big}>{pct(totals.goodRate)}</span>
            <span className={t.muted}>
              {totals.good} good, {totals.noise} noise
            </span>
          </dd>
        </div>
      </dl>

      <Section title="Leads per week" t={t}>
        <table className={t.table}>
          <thead>
            <tr>
              <th className={t.th}>Week of</th>
              <th className={`${t.th} ${num}`}>Leads</th>
              <th className={t.th}>
                <span className="sr-only">Leads bar</span>
              </th>
              <th className={`${t.th} ${num}`}>Approved</th>
              <th className={`${t.th} ${num}`}>Rejected</th>
              <th className={`${t.th} ${num}`}>Approval</th>
              <th className={`${t.th} ${num}`}>Good</th>
              <th className={`${t.th} ${num}`}>Noise</th>
              <th className={`${t.th} ${num}`}>Good rate</th>
              <th className={t.th}>
                <span className="sr-only">Good rate bar</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {report.weeks.map((w) => (
              <tr key={w.week}>
                <td className={t.td}>{w.week}</td>
                <td className={`${t.td} ${num}`}>{w.leads}</td>
                <td className={t.td}>
                  <Bar value={w.leads} max={maxWeek} className={t.bar} track={t.track} />
                </td>
                <td className={`${t.td} ${num}`}>{w.approved}</td>
                <td className={`${t.td} ${num}`}>{w.rejected}</td>
                <td className={`${t.td} ${num}`}>{pct(w.approvalRate)}</td>
                <td className={`${t.td} ${num}`}>{w.good}</td>
                <td className={`${t.td} ${num}`}>{w.noise}</td>
                <td className={`${t.td} ${num}`}>{pct(w.goodRate)}</td>
                <td className={t.td}>
                  <Bar value={w.goodRate ?? 0} max={1} className={t.barGood} track={t.track} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section title="Where the leads stand" t={t}>
        <table className={t.table}>
          <tbody>
            {stateLabels.map(([k, label]) => (
              <tr key={k}>
                <th scope="row" className={`${t.td} font-normal`}>
                  {label}
                </th>
                <td className={`${t.td} ${num}`}>{report.states[k] ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section title="Precision per agent" t={t}>
        <PrecisionTable label="Agent" rows={report.agents} empty="No agents." t={t} />
      </Section>
      <Section title="Precision per source" t={t}>
        <PrecisionTable label="Source" rows={report.sources} empty="No leads in this period." t={t} />
      </Section>

      <Section title="Suggested exclusions" t={t}>
        {report.exclusions.length === 0 ? (
          <p className={t.muted}>None: no term is common in the leads judged noise and rare in the good ones.</p>
        ) : (
          <table className={t.table}>
            <thead>
              <tr>
                <th className={t.th}>Term</th>
                <th className={`${t.th} ${num}`}>In noise</th>
                <th className={`${t.th} ${num}`}>In good</th>
                {exclusions && (
                  <th className={t.th}>
                    <span className="sr-only">Apply</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {report.exclusions.map((x) => (
                <tr key={x.term}>
                  <td className={t.td}>{x.term}</td>
                  <td className={`${t.td} ${num}`}>{x.noise}</td>
                  <td className={`${t.td} ${num}`}>{x.good}</td>
                  {exclusions && <td className={t.td}>{exclusions(x.term)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      <Section title="Deliveries by channel" t={t}>
        <table className={t.table}>
          <thead>
            <tr>
              <th className={t.th}>Channel</th>
              <th className={`${t.th} ${num}`}>Delivered</th>
              <th className={`${t.th} ${num}`}>Failed</th>
              <th className={`${t.th} ${num}`}>Pending</th>
              <th className={`${t.th} ${num}`}>Failed attempts</th>
              <th className={t.th}>Last error</th>
            </tr>
          </thead>
          <tbody>
            {report.channels.length === 0 && (
              <tr>
                <td colSpan={6} className={`${t.td} ${t.muted}`}>
                  No channels.
                </td>
              </tr>
            )}
            {report.channels.map((c) => (
              <tr key={c.id}>
                <td className={`${t.td} break-all`}>
                  {c.kind} · {c.label}
                  {c.status !== 'active' && <span className={t.muted}> ({c.status})</span>}
                </td>
                <td className={`${t.td} ${num}`}>{c.delivered}</td>
                <td className={`${t.td} ${num}`}>{c.failed}</td>
                <td className={`${t.td} ${num}`}>{c.pending}</td>
                <td className={`${t.td} ${num}`}>{c.failedAttempts}</td>
                <td className={`${t.td} break-all`}>{c.lastError || '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </div>
  );
}
