import type { SampleLead } from '../content/sample-leads';
import { truncate } from '../lib/truncate';
import { IntentBadge } from './intent-badge';

const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wider text-slate-400';

/** The sample leads as a table; signals are cut to 80 characters on mobile and 60 on desktop. */
export function LeadsTable({ leads }: { leads: readonly SampleLead[] }) {
  return (
    <div tabIndex={0} role="region" aria-label="Sample leads" className="overflow-x-auto">
      <table className="w-full text-sm md:min-w-[48rem]">
        <thead className="border-b border-ink-700 bg-ink-900/40">
          <tr>
            <th scope="col" className={`${th} w-[45%] md:w-auto`}>
              Contact &amp; Company
            </th>
            <th scope="col" className={`${th} hidden md:table-cell`}>
              Verified Contact
            </th>
            <th scope="col" className={th}>
              Intelligence Signal
            </th>
            <th scope="col" className={`${th} hidden sm:table-cell`}>
              Intent
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-700">
          {leads.map((lead) => (
            <tr key={lead.email} className="align-top transition-colors hover:bg-ink-700/30">
              <td className="px-4 py-4">
                <div className="font-semibold text-white">{lead.name}</div>
                <div className="text-xs text-slate-400">
                  {lead.title}, {lead.company}
                </div>
                <div className="mt-1 text-xs text-slate-300 [overflow-wrap:anywhere] md:hidden">{lead.email}</div>
                <div className="mt-2 sm:hidden">
                  <IntentBadge intent={lead.intent} /> <span className="text-xs text-slate-300">{lead.intentScore}%</span>
                </div>
              </td>
              <td className="hidden px-4 py-4 md:table-cell">
                <div className="text-slate-200">{lead.email}</div>
                <div className="text-xs text-slate-400">{lead.website}</div>
              </td>
              <td className="px-4 py-4 md:max-w-[20rem]" title={lead.signal}>
                <span className="text-slate-200 md:hidden">{truncate(lead.signal, 80)}</span>
                <span className="hidden text-slate-200 md:inline">{truncate(lead.signal, 60)}</span>
                <div className="mt-1 text-xs text-slate-400">via {lead.source}</div>
              </td>
              <td className="hidden px-4 py-4 sm:table-cell">
                <IntentBadge intent={lead.intent} />
                <div className="mt-2 flex items-center gap-2">
                  <span className="h-1.5 w-16 overflow-hidden rounded-full bg-ink-700">
                    <span className="block h-full rounded-full bg-brand-400" style={{ width: `${lead.intentScore}%` }} />
                  </span>
                  <span className="text-xs font-medium text-slate-300">{lead.intentScore}%</span>
                </div>
              </td>
            </tr>
          ))}
          {leads.length === 0 && (
            <tr>
              <td colSpan={4} className="px-4 py-10 text-center text-slate-400">
                No sample leads in this tier.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
