import { useState, type ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { leadStates, tiers, type LeadFilters, type LeadPage } from '@/lib/clients/lead-schema';
import { inputClass, secondaryButton } from '@/components/ui/form-styles';
import { LeadCard, type LeadActions } from './lead-card';

interface LeadInboxProps {
  /** Query key prefix; the filters are appended. */
  queryKey: readonly unknown[];
  fetchPage: (filters: LeadFilters, cursor: string) => Promise<LeadPage>;
  actions: LeadActions;
  /** Beside the filters (e.g. the CSV export link, given the filters). */
  aside?: (filters: LeadFilters) => ReactNode;
}

/** A leads inbox: state and tier filters, server paging by cursor ("Load more"), one card per lead. */
export function LeadInbox({ queryKey, fetchPage, actions, aside }: LeadInboxProps) {
  const [filters, setFilters] = useState<LeadFilters>({});
  const query = useInfiniteQuery({
    queryKey: [...queryKey, filters],
    queryFn: ({ pageParam }) => fetchPage(filters, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor || undefined,
  });
  const leads = query.data?.pages.flatMap((p) => p.leads) ?? [];
  return (
    <section aria-label="Leads inbox">
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm text-slate-300">
          State
          <select className={inputClass} value={filters.state ?? ''} onChange={(e) => setFilters((f) => ({ ...f, state: e.target.value }))}>
            <option value="">All</option>
            {leadStates.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className="text-sm text-slate-300">
          Tier
          <select className={inputClass} value={filters.tier ?? ''} onChange={(e) => setFilters((f) => ({ ...f, tier: e.target.value }))}>
            <option value="">All</option>
            {tiers.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        {aside?.(filters)}
      </div>
      {query.isPending && <p className="mt-4 text-slate-400">Loading leads…</p>}
      {query.isError && (
        <p role="alert" className="mt-4 text-rose-200">
          Could not load leads: {query.error.message}
        </p>
      )}
      {query.isSuccess && leads.length === 0 && <p className="mt-4 text-slate-400">No leads yet.</p>}
      <ul className="mt-4 space-y-3">
        {leads.map((l) => (
          <LeadCard key={l.id} lead={l} actions={actions} />
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          className={`${secondaryButton} mt-4`}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Load more
        </button>
      )}
    </section>
  );
}
