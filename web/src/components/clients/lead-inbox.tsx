import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { leadStates, signalTypes, tiers, type ClientLead, type LeadFilters, type LeadPage } from '@/lib/clients/lead-schema';
import { inputClass, secondaryButton } from '@/components/ui/form-styles';
import { LeadCard, leadWho, type LeadActions } from './lead-card';

interface LeadInboxProps {
  /** Query key prefix; the filters are appended. */
  queryKey: readonly unknown[];
  fetchPage: (filters: LeadFilters, cursor: string) => Promise<LeadPage>;
  actions: LeadActions;
  /** Beside the filters (e.g. the CSV export link, given the filters). */
  aside?: (filters: LeadFilters) => ReactNode;
  /** The client's agents, for the agent filter (absent: no such filter). */
  agents?: { id: string; name: string }[];
  /**
   * The lead a link points at (an email's /portal?lead=<id>): highlighted and focused where the
   * loaded leads hold it, else fetched by fetchLead and shown above the list; fetchLead answers null
   * for a lead the viewer may not see ("not available").
   */
  focus?: { id: string; fetchLead: (id: string) => Promise<ClientLead | null> };
}

/** A company's leads together, in the order the first of each is listed (no company: alone). */
export function groupByCompany(leads: ClientLead[]): { company: string; leads: ClientLead[] }[] {
  const groups: { company: string; leads: ClientLead[] }[] = [];
  const byKey = new Map<string, { company: string; leads: ClientLead[] }>();
  for (const l of leads) {
    const company = (l.lead.company ?? '').trim();
    const key = company.toLowerCase();
    const group = key ? byKey.get(key) : undefined;
    if (group) {
      group.leads.push(l);
      continue;
    }
    const fresh = { company, leads: [l] };
    if (key) byKey.set(key, fresh);
    groups.push(fresh);
  }
  return groups;
}

/**
 * A leads inbox: state, tier, signal type, agent and date filters, best first (score) unless newest
 * first is chosen, server paging by cursor ("Load more"), one card per lead, a company's leads
 * grouped under it (in the order of its first lead).
 */
export function LeadInbox({ queryKey, fetchPage, actions, aside, agents, focus }: LeadInboxProps) {
  const [filters, setFilters] = useState<LeadFilters>({});
  const query = useInfiniteQuery({
    queryKey: [...queryKey, filters],
    queryFn: ({ pageParam }) => fetchPage(filters, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor || undefined,
  });
  const leads = query.data?.pages.flatMap((p) => p.leads) ?? [];
  const focusId = focus?.id ?? '';
  const onPage = leads.find((l) => l.id === focusId);
  // Fetched by id only when the loaded leads do not hold it (under queryKey, so refreshes reach it).
  const single = useQuery({
    queryKey: [...queryKey, 'one', focusId],
    queryFn: () => (focus ? focus.fetchLead(focusId) : Promise.resolve(null)),
    enabled: !!focus && query.isSuccess && !onPage,
  });
  const pinned = !onPage && single.isSuccess ? single.data : null;
  // Focus and scroll to the linked lead (or its "not available" note) once, when it first appears.
  const focused = useRef(false);
  const focusOnce = useCallback((el: HTMLElement | null) => {
    if (!el || focused.current) return;
    focused.current = true;
    el.focus();
    el.scrollIntoView?.({ block: 'center' });
  }, []);
  let focusNote = '';
  if (focus) {
    const shown = onPage ?? pinned;
    if (shown) focusNote = `Showing the lead from your link: ${leadWho(shown)}.`;
    else if (query.isPending || single.isFetching) focusNote = 'Looking for the lead from your link…';
    else if (single.isSuccess) focusNote = 'This lead is not available.';
  }
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
        <label className="text-sm text-slate-300">
          Signal
          <select
            className={inputClass}
            value={filters.signal ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, signal: e.target.value }))}
          >
            <option value="">All</option>
            {signalTypes.map((s) => (
              <option key={s} value={s}>
                {s.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
        {agents && agents.length > 0 && (
          <label className="text-sm text-slate-300">
            Agent
            <select
              className={inputClass}
              value={filters.agent ?? ''}
              onChange={(e) => setFilters((f) => ({ ...f, agent: e.target.value }))}
            >
              <option value="">All</option>
              {agents.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="text-sm text-slate-300">
          Sort
          <select
            className={inputClass}
            value={filters.sort ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, sort: e.target.value === 'newest' ? 'newest' : undefined }))}
          >
            <option value="">Best first</option>
            <option value="newest">Newest first</option>
          </select>
        </label>
        <label className="text-sm text-slate-300">
          Since
          <input
            type="date"
            className={inputClass}
            value={filters.since ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, since: e.target.value }))}
          />
        </label>
        {aside?.(filters)}
      </div>
      {focus && (
        <div className="mt-4 space-y-3">
          <p role="status" className="text-sm text-slate-300">
            {focusNote}
          </p>
          {!onPage && single.isSuccess && single.data === null && (
            <p
              ref={focusOnce}
              tabIndex={-1}
              data-testid="lead-unavailable"
              className="rounded-lg border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-sm text-amber-100"
            >
              This lead is not available: it may have been withdrawn, or it belongs to another workspace. Your other leads are below.
            </p>
          )}
          {!onPage && single.isError && (
            <p role="alert" className="text-sm text-rose-200">
              Could not load the lead from your link: {single.error.message}
            </p>
          )}
          {pinned && (
            <section aria-label="The lead from your link">
              <ul>
                <LeadCard key={pinned.id} lead={pinned} actions={actions} highlight highlightRef={focusOnce} />
              </ul>
            </section>
          )}
        </div>
      )}
      {query.isPending && <p className="mt-4 text-slate-400">Loading leads…</p>}
      {query.isError && (
        <p role="alert" className="mt-4 text-rose-200">
          Could not load leads: {query.error.message}
        </p>
      )}
      {query.isSuccess && leads.length === 0 && <p className="mt-4 text-slate-400">No leads yet.</p>}
      <ul className="mt-4 space-y-3">
        {groupByCompany(leads).map((g) =>
          g.leads.length === 1 ? (
            <LeadCard
              key={g.leads[0].id}
              lead={g.leads[0]}
              actions={actions}
              highlight={g.leads[0].id === focusId}
              highlightRef={focusOnce}
            />
          ) : (
            <li key={g.leads[0].id} className="rounded-xl border border-ink-600 p-3" data-testid="company-group">
              <h3 className="text-sm font-semibold text-slate-200">
                {g.company} · {g.leads.length} leads
              </h3>
              <ul className="mt-2 space-y-3" aria-label={`Leads at ${g.company}`}>
                {g.leads.map((l) => (
                  <LeadCard key={l.id} lead={l} actions={actions} highlight={l.id === focusId} highlightRef={focusOnce} />
                ))}
              </ul>
            </li>
          ),
        )}
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
