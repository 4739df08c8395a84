import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Download, RefreshCw, Trash2 } from 'lucide-react';
import { paths } from '@/config/paths';
import { BrandName } from '@/components/layout/brand-mark';
import { clearFormSubmissions, readFormSubmissions, type FormSubmission } from '@/lib/form-submissions';
import { downloadFile } from '@/lib/download-file';
import { csvFileName, submissionsCsv } from '../lib/csv';
import { SubmissionsTable } from '../components/submissions-table';

export const clearConfirmText = 'Are you sure you want to clear all submissions? This action cannot be undone.';
export const emptyText = 'No submissions yet. Form data will appear here when submitted.';

const button =
  'inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/** /admindemo2: the form submissions kept in this browser's local storage (docs/product.md §7.3). */
export default function FormSubmissionsPage() {
  // Local storage is read after hydration; null until then.
  const [entries, setEntries] = useState<FormSubmission[] | null>(null);
  const [refreshedAt, setRefreshedAt] = useState<Date | null>(null);

  const refresh = useCallback(() => {
    setEntries(readFormSubmissions());
    setRefreshedAt(new Date());
  }, []);

  useEffect(refresh, [refresh]);

  const count = entries?.length ?? 0;

  const exportCsv = () => {
    const current = readFormSubmissions();
    if (current.length === 0) {
      console.log('No submissions to export.');
      return;
    }
    downloadFile(csvFileName(), submissionsCsv(current));
  };

  const clearAll = () => {
    if (!window.confirm(clearConfirmText)) return;
    clearFormSubmissions();
    refresh();
  };

  return (
    <div className="min-h-screen">
      <header className="border-b border-ink-700 bg-ink-900/90">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
          <Link to={paths.home.path} aria-label="Signalpipe home" className="rounded-md">
            <BrandName />
          </Link>
          <Link to={paths.admin.path} className="text-sm font-medium text-slate-300 hover:text-white">
            Admin console
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
          <div>
            <h1 className="text-2xl font-bold text-white sm:text-3xl">Form Submissions Admin</h1>
            <p className="mt-2 max-w-2xl text-sm text-slate-400">
              When a visitor sends a form, it first goes to the workflow webhook. If that fails, it falls back to the form-mail API, which
              needs an API key. A local copy is always kept in this browser, and that copy is what this page shows.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={refresh}
              className={`${button} border border-ink-600 text-slate-200 hover:border-slate-400 hover:text-white`}
            >
              <RefreshCw aria-hidden="true" className="h-4 w-4" />
              Refresh
            </button>
            <button
              type="button"
              onClick={exportCsv}
              disabled={count === 0}
              className={`${button} bg-brand-400 text-ink-950 hover:bg-brand-300`}
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              Export CSV
            </button>
            <button
              type="button"
              onClick={clearAll}
              disabled={count === 0}
              className={`${button} border border-rose-400/50 text-rose-200 hover:bg-rose-400/10`}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Clear All
            </button>
          </div>
        </div>
        <dl className="mt-8 flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <div className="flex gap-2">
            <dt className="text-slate-400">Total submissions:</dt>
            <dd className="font-semibold text-white" data-testid="submission-count">
              {entries === null ? '…' : count}
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-400">Last refreshed:</dt>
            <dd className="font-semibold text-white">{refreshedAt ? refreshedAt.toLocaleTimeString() : '…'}</dd>
          </div>
        </dl>
        <div className="mt-4" aria-live="polite">
          {entries === null ? (
            <p className="rounded-xl border border-ink-700 bg-ink-800/60 p-10 text-center text-slate-400">Loading submissions…</p>
          ) : count === 0 ? (
            <p className="rounded-xl border border-dashed border-ink-600 bg-ink-800/40 p-10 text-center text-slate-400">{emptyText}</p>
          ) : (
            <SubmissionsTable entries={entries} />
          )}
        </div>
      </main>
    </div>
  );
}
