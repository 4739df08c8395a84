import { useState } from 'react';
import { Download, Filter } from 'lucide-react';
import { limits } from '../config';
import { fallbackNotice } from '../content/fallback-leads';
import { premiumLeadTotal } from '../content/sample-leads';
import { downloadFile } from '@/lib/download-file';
import { leadsCsv } from '../lib/lead-actions';
import { relativeDate } from '../lib/relative-date';
import type { LeadSource } from '../lib/lead-source';
import type { LeadStatus } from '../types';
import { LeadRow } from './lead-row';
import { card, smallButton } from './styles';

const tiers: (LeadStatus | 'All')[] = ['All', 'Ready to Buy', 'Hot', 'Warm'];
const columns = ['Contact & Company', 'Verified Contact', 'Intelligence Signal', 'Intent Score', 'Actions'];

function PlaceholderRows() {
  return Array.from({ length: limits.placeholderRows }, (_, i) => (
    <tr key={i} className="border-t border-ink-700" aria-hidden="true">
      {columns.map((c) => (
        <td key={c} className="px-4 py-4">
          <div className="h-4 animate-pulse rounded bg-ink-700" />
        </td>
      ))}
    </tr>
  ));
}

/** Premium Leads: the table in its source-priority state (docs/product.md §4.5, §4.6). */
export function LeadsView({
  source,
  searching,
  progress,
  newestPostAt,
  readSummary,
}: {
  source: LeadSource;
  searching: boolean;
  progress: string;
  newestPostAt?: string;
  /** Why the last search found what it found (shown under an empty result). */
  readSummary?: string;
}) {
  const newest = searching ? '' : relativeDate(newestPostAt);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [tier, setTier] = useState<(typeof tiers)[number]>('All');
  const all = 'leads' in source ? source.leads : [];
  const shown = tier === 'All' ? all : all.filter((l) => l.status === tier);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-white">Premium Leads</h1>
          <p
            role="status"
            aria-live="polite"
            className={`mt-1 flex items-center gap-2 text-sm ${searching ? 'text-yellow-300' : 'text-emerald-300'}`}
          >
            <span aria-hidden="true" className={`h-2 w-2 rounded-full ${searching ? 'animate-pulse bg-yellow-300' : 'bg-emerald-400'}`} />
            {searching ? 'Searching...' : 'Live monitoring active'}
            {searching && progress && <span className="text-slate-300">{progress}</span>}
            {newest && <span className="text-slate-300">· Newest post read: {newest}</span>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <label className={`${smallButton} cursor-pointer`}>
            <Filter aria-hidden="true" className="h-3.5 w-3.5" />
            <span className="sr-only sm:not-sr-only">Filter</span>
            <select
              aria-label="Filter by intent"
              value={tier}
              onChange={(e) => setTier(e.target.value as typeof tier)}
              className="bg-transparent text-xs text-slate-200 focus:outline-none"
            >
              {tiers.map((t) => (
                <option key={t} value={t} className="bg-ink-900">
                  {t === 'All' ? 'All tiers' : t}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className={smallButton}
            disabled={shown.length === 0}
            onClick={() => downloadFile(`premium_leads_${new Date().toISOString().slice(0, 10)}.csv`, leadsCsv(shown))}
          >
            <Download aria-hidden="true" className="h-3.5 w-3.5" />
            Export
          </button>
        </div>
      </div>
      {source.kind === 'live' && source.fallback && (
        <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm font-medium text-red-300">
          {fallbackNotice}
        </p>
      )}
      <div className={`${card} overflow-x-auto`}>
        <table className="w-full min-w-[52rem] text-left text-sm" aria-busy={source.kind === 'loading'}>
          <thead className="text-xs uppercase tracking-wide text-slate-400">
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className="px-4 py-3 font-medium">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {source.kind === 'loading' && <PlaceholderRows />}
            {source.kind === 'empty' && (
              <tr>
                <td colSpan={5} className="px-4 py-10 text-center text-slate-300">
                  No live leads found. Try adjusting your ICP criteria.
                  {readSummary && <span className="mt-2 block text-xs text-slate-400">{readSummary}</span>}
                </td>
              </tr>
            )}
            {shown.map((lead) => (
              <LeadRow
                key={lead.id}
                lead={lead}
                expanded={expanded === lead.id}
                onToggle={() => setExpanded((id) => (id === lead.id ? null : lead.id))}
              />
            ))}
          </tbody>
        </table>
      </div>
      {source.kind === 'samples' && (
        <p className="text-sm text-slate-400">
          Showing {shown.length} of {premiumLeadTotal} premium leads
        </p>
      )}
    </div>
  );
}
