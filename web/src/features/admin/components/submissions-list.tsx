import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useSubmissions } from '../api/get-submissions';
import type { SubmissionKind } from '../api/submission-schema';
import { formatDateTime } from '../lib/format';
import { secondaryButton } from '@/components/ui/form-styles';
import { DeliveryBadge } from './delivery-badge';

export const pageSize = 25;

interface SubmissionsListProps {
  kind: SubmissionKind;
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (id: string) => void;
}

/** One kind's submissions, newest first, a page at a time. */
export function SubmissionsList({ kind, page, onPageChange, onOpen }: SubmissionsListProps) {
  const query = useSubmissions(kind, page, pageSize);

  if (query.isPending) return <p className="p-8 text-center text-slate-400">Loading submissions…</p>;
  if (query.isError) {
    return (
      <div role="alert" className="p-8 text-center text-rose-200">
        <p>Could not load submissions: {query.error.message}</p>
        <button type="button" onClick={() => void query.refetch()} className={`${secondaryButton} mt-4`}>
          Try again
        </button>
      </div>
    );
  }

  const { items, total } = query.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) {
    return <p className="p-10 text-center text-slate-400">No {kind} submissions yet.</p>;
  }

  return (
    <div>
      {/* Priority columns: on a phone only the email (with the company and date under it), the
          delivery state and View show, so nothing scrolls sideways (docs/product.md §7.4). */}
      <div role="region" aria-label={`${kind} submissions`} tabIndex={0}>
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">
            {kind} submissions, newest first, page {page} of {pages}
          </caption>
          <thead className="text-xs uppercase tracking-wide text-slate-400">
            <tr className="border-b border-ink-700">
              <th scope="col" className="hidden w-44 px-4 py-3 font-semibold sm:table-cell">
                Received
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Email
              </th>
              <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                Company
              </th>
              <th scope="col" className="hidden px-4 py-3 font-semibold lg:table-cell">
                Summary
              </th>
              <th scope="col" className="w-28 px-2 py-3 font-semibold sm:w-32 sm:px-4">
                Delivery
              </th>
              <th scope="col" className="w-14 px-2 py-3 font-semibold sm:w-20 sm:px-4">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-700">
            {items.map((s) => (
              <tr key={s.id} className="hover:bg-ink-800/60">
                <td className="hidden px-4 py-3 text-slate-400 sm:table-cell">{formatDateTime(s.createdAt)}</td>
                <td className="px-4 py-3 text-slate-200 [overflow-wrap:anywhere]">
                  {s.email || '—'}
                  <span className="block text-xs text-slate-400 md:hidden">{s.company || '—'}</span>
                  <span className="block text-xs text-slate-500 sm:hidden">{formatDateTime(s.createdAt)}</span>
                </td>
                <td className="hidden px-4 py-3 text-slate-200 [overflow-wrap:anywhere] md:table-cell">{s.company || '—'}</td>
                <td className="hidden truncate px-4 py-3 text-slate-300 lg:table-cell" title={s.summary ?? undefined}>
                  {s.summary || '—'}
                </td>
                <td className="px-2 py-3 sm:px-4">
                  <DeliveryBadge state={s.delivery.state} />
                </td>
                <td className="px-2 py-3 text-right sm:px-4">
                  <button type="button" onClick={() => onOpen(s.id)} className="font-semibold text-brand-300 hover:text-brand-400">
                    View<span className="sr-only"> submission from {s.email || s.company || formatDateTime(s.createdAt)}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav
        aria-label="Pagination"
        className="flex flex-wrap items-center justify-between gap-3 border-t border-ink-700 px-4 py-3 text-sm text-slate-400"
      >
        <span>
          {total} submission{total === 1 ? '' : 's'} · page {page} of {pages}
        </span>
        <div className="flex gap-2">
          <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            Previous
          </button>
          <button type="button" className={secondaryButton} disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
            Next
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      </nav>
    </div>
  );
}
