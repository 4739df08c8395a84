import { useId, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { intents, type Intent } from '../content/intents';
import { premiumLeadTotal, sampleLeads } from '../content/sample-leads';
import { downloadFile } from '@/lib/download-file';
import { leadsCsv } from '../lib/lead-csv';
import { LeadsTable } from './leads-table';
import { smallButton } from './styles';

/** The Leads tab: filter by intent tier, export what is shown, and the sample table. */
export function LeadsPanel() {
  const [tier, setTier] = useState<Intent | 'all'>('all');
  const filterId = useId();
  const rows = tier === 'all' ? sampleLeads : sampleLeads.filter((lead) => lead.intent === tier);

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-5">
        <div>
          <h3 className="text-base font-semibold text-white">Premium Leads</h3>
          <p className="mt-0.5 flex items-center gap-2 text-xs text-slate-400">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-brand-400" />
            Live monitoring active
          </p>
        </div>
        <div className="flex items-center gap-2">
          <div className={`${smallButton} pr-1`}>
            <label htmlFor={filterId}>Filter</label>
            <select
              id={filterId}
              value={tier}
              onChange={(e) => setTier(e.target.value as Intent | 'all')}
              className="min-h-7 cursor-pointer rounded bg-ink-700 px-1.5 text-xs text-white"
            >
              <option value="all">All</option>
              {intents.map((intent) => (
                <option key={intent} value={intent}>
                  {intent}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className={smallButton} onClick={() => downloadFile('signalpipe-leads.csv', leadsCsv(rows))}>
            Export
          </button>
        </div>
      </div>
      <LeadsTable leads={rows} />
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-ink-700 px-4 py-3 sm:px-5">
        <p className="text-xs text-slate-400" aria-live="polite">
          Showing {rows.length} of {premiumLeadTotal} premium leads
        </p>
        <div className="flex gap-2">
          <button type="button" disabled className={smallButton}>
            <ChevronLeft aria-hidden="true" className="h-3.5 w-3.5" />
            Previous
          </button>
          <button type="button" disabled className={smallButton}>
            Next
            <ChevronRight aria-hidden="true" className="h-3.5 w-3.5" />
          </button>
        </div>
      </div>
    </div>
  );
}
