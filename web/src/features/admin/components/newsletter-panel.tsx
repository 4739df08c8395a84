import { useState } from 'react';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { newsletterCsvUrl } from '../api/export-newsletter-subscribers';
import { useSubscribers } from '../api/list-newsletter-subscribers';
import { formatDateTime } from '../lib/format';
import { secondaryButton } from '@/components/ui/form-styles';

const pageSize = 25;

/** Newsletter sign-ups: paged on the server, newest first, and the server's CSV export of them all. */
export function NewsletterPanel() {
  const [page, setPage] = useState(1);
  const query = useSubscribers(page, pageSize);
  return (
    <div className="p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-white">Newsletter sign-ups</h2>
        <a href={newsletterCsvUrl} download className={secondaryButton}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>
      </div>
      {query.isPending ? (
        <p className="mt-4 text-slate-400">Loading sign-ups…</p>
      ) : query.isError ? (
        <p role="alert" className="mt-4 text-rose-200">
          Could not load sign-ups: {query.error.message}
        </p>
      ) : query.data.total === 0 ? (
        <p className="mt-4 text-slate-400">No sign-ups yet.</p>
      ) : (
        <>
          <ul aria-label="Newsletter sign-ups" className="mt-4 divide-y divide-ink-700 text-sm">
            {query.data.items.map((s) => (
              <li key={s.email} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span className="min-w-0 break-all text-slate-200">{s.email}</span>
                <span className="text-xs text-slate-400">{formatDateTime(s.createdAt)}</span>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={Math.max(1, Math.ceil(query.data.total / pageSize))} total={query.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function Pager({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage: (p: number) => void }) {
  return (
    <nav aria-label="Pagination" className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-400">
      <span>
        {total} sign-up{total === 1 ? '' : 's'} · page {page} of {pages}
      </span>
      <div className="flex gap-2">
        <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          Previous
        </button>
        <button type="button" className={secondaryButton} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </nav>
  );
}
