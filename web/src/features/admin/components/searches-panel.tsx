import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { fetchSearches } from '../api/list-searches';
import { useFileSearch } from '../api/file-search';
import { useSearch } from '../api/get-search';
import type { Search } from '../api/search-schema';
import { useClients } from '../api/list-clients';
import { adminKeys } from '../api/query-keys';
import { formatDateTime } from '../lib/format';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import { linkUrl } from '@/lib/link-url';

/** What a search looked for, in a line: its ICP's titles and industries, else its queries. */
export function searchTitle(s: Search): string {
  const list = (k: string) => (Array.isArray(s.icp?.[k]) ? (s.icp[k] as unknown[]).filter((x) => typeof x === 'string') : []);
  const parts = [...list('targetTitles'), ...list('industries')];
  if (parts.length) return parts.slice(0, 4).join(', ');
  return s.queries?.[0] ?? 'Search';
}

/** Past admin searches, newest first, each reopenable with all its leads and fileable under a client. */
export function SearchesPanel() {
  const [openId, setOpenId] = useState<string | null>(null);
  if (openId) return <SearchDetail id={openId} onBack={() => setOpenId(null)} />;
  return <SearchList onOpen={setOpenId} />;
}

function SearchList({ onOpen }: { onOpen: (id: string) => void }) {
  const query = useInfiniteQuery({
    queryKey: [...adminKeys.searches(), 'list'],
    queryFn: ({ pageParam }) => fetchSearches(pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor || undefined,
  });
  const clients = useClients();
  const clientName = (id: string) => clients.data?.clients.find((c) => c.id === id)?.name ?? id;
  if (query.isPending) return <p className="p-4 text-slate-400">Loading searches…</p>;
  if (query.isError)
    return (
      <p role="alert" className="p-4 text-rose-200">
        Could not load searches: {query.error.message}
      </p>
    );
  const searches = query.data.pages.flatMap((p) => p.searches);
  if (searches.length === 0)
    return <p className="p-4 text-slate-400">No searches yet: run one from the demo's Intent Agents while signed in.</p>;
  return (
    <div className="p-4">
      <ul aria-label="Past searches" className="divide-y divide-ink-700 text-sm">
        {searches.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
            <div className="min-w-0">
              <p className="break-words font-medium text-white">{searchTitle(s)}</p>
              <p className="text-xs text-slate-400">
                {formatDateTime(s.createdAt)} · {s.status} · {s.leadCount} lead{s.leadCount === 1 ? '' : 's'}
                {s.clientId ? ` · filed under ${clientName(s.clientId)}` : ''}
              </p>
            </div>
            <button type="button" className={secondaryButton} onClick={() => onOpen(s.id)} aria-label={`Reopen ${searchTitle(s)}`}>
              Reopen
            </button>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          className={`${secondaryButton} mt-3`}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Load more
        </button>
      )}
    </div>
  );
}

function SearchDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const query = useSearch(id);
  return (
    <div className="p-4">
      <button type="button" className={secondaryButton} onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        All searches
      </button>
      {query.isPending ? (
        <p className="mt-4 text-slate-400">Loading the search…</p>
      ) : query.isError ? (
        <p role="alert" className="mt-4 text-rose-200">
          Could not load the search: {query.error.message}
        </p>
      ) : (
        <>
          <h2 className="mt-4 break-words text-lg font-semibold text-white">{searchTitle(query.data.search)}</h2>
          <p className="text-xs text-slate-400">
            {formatDateTime(query.data.search.createdAt)} · {query.data.leads.length} lead{query.data.leads.length === 1 ? '' : 's'}
          </p>
          {query.data.search.queries && query.data.search.queries.length > 0 && (
            <p className="mt-2 break-words text-sm text-slate-300">Queries: {query.data.search.queries.join(' · ')}</p>
          )}
          <FileUnderClient searchId={id} />
          <ul aria-label="Leads of the search" className="mt-4 divide-y divide-ink-700 text-sm">
            {query.data.leads.map((l) => (
              <li key={l.id} className="py-2">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium text-white">{l.name || 'Unknown'}</span>
                  {l.company && <span className="text-slate-300">{l.company}</span>}
                  <span className="text-xs text-slate-400">
                    {l.intentTier} · {l.intentScore}
                  </span>
                  {linkUrl(l.url) && (
                    <a href={linkUrl(l.url)} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-brand-300">
                      post <ExternalLink aria-hidden="true" className="h-3 w-3" />
                    </a>
                  )}
                </p>
                {l.signal && <p className="break-words text-slate-300">{l.signal}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function FileUnderClient({ searchId }: { searchId: string }) {
  const clients = useClients();
  const file = useFileSearch(searchId);
  const [clientId, setClientId] = useState('');
  return (
    <form
      className="mt-4 flex flex-wrap items-end gap-3"
      aria-label="File under a client"
      onSubmit={(e) => {
        e.preventDefault();
        if (clientId) file.mutate(clientId);
      }}
    >
      <label className="text-sm text-slate-300">
        File under client
        <select className={inputClass} value={clientId} onChange={(e) => setClientId(e.target.value)}>
          <option value="">Choose a client</option>
          {clients.data?.clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={primaryButton} disabled={!clientId || file.isPending}>
        File leads
      </button>
      {file.isSuccess && (
        <p role="status" className="w-full text-sm text-emerald-300">
          {file.data.added} lead{file.data.added === 1 ? '' : 's'} added to the inbox
          {file.data.skipped ? `; ${file.data.skipped} the client already had` : ''}.
        </p>
      )}
      {file.isError && (
        <p role="alert" className="w-full text-sm text-rose-200">
          {file.error.message}
        </p>
      )}
    </form>
  );
}
