import { useState, type FormEvent } from 'react';
import { FileDown, Printer } from 'lucide-react';
import { ApiError } from '@/lib/admin/api-client';
import { inputClass, secondaryButton } from '@/components/ui/form-styles';
import type { Client } from '../api/client-schema';
import { currentMonth, previousMonth, reportPageUrl, type ReportWindow } from '../api/report-window';
import { reportPdfUrl } from '../api/get-client-report-pdf';
import { useAddExclusion } from '../api/add-exclusion';
import { useClientReport } from '../api/get-client-report';
import { ReportView } from './report-view';

const dateRe = /^\d{4}-\d{2}-\d{2}$/;

/** The error of a report call, with its field errors when the server named any. */
function errorText(err: Error): string {
  if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
    return Object.entries(err.fields)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ');
  }
  return err.message;
}

/**
 * The client page's Report tab (?tab=report): the owner's figures over a window of days (the
 * last 12 weeks unless chosen), suggested exclusions applied in one click, and the monthly report
 * as a printable page and a PDF.
 */
export function ClientReport({ client }: { client: Client }) {
  const [win, setWin] = useState<ReportWindow>({});
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [month, setMonth] = useState(() => previousMonth(currentMonth()));
  const report = useClientReport(client.id, win);
  const add = useAddExclusion(client.id);
  const [added, setAdded] = useState<string | null>(null);

  const show = (e: FormEvent) => {
    e.preventDefault();
    if ((from && !dateRe.test(from)) || (to && !dateRe.test(to))) {
      setFormError('Dates are YYYY-MM-DD.');
      return;
    }
    if (from && to && from > to) {
      setFormError('From must not be after To.');
      return;
    }
    setFormError(null);
    setWin({ from, to });
  };

  const apply = (term: string) => {
    setAdded(null);
    add.mutate(term, { onSuccess: () => setAdded(term) });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <form onSubmit={show} className="flex flex-wrap items-end gap-3" aria-label="Report period" noValidate>
          <label className="text-sm text-slate-300">
            From
            <input type="date" className={inputClass} value={from} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label className="text-sm text-slate-300">
            To
            <input type="date" className={inputClass} value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
          <button type="submit" className={secondaryButton}>
            Show
          </button>
        </form>
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm text-slate-300">
            Monthly report
            <input
              type="month"
              className={inputClass}
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              aria-describedby="report-month-help"
            />
          </label>
          <a className={secondaryButton} href={reportPageUrl(client.id, month)} target="_blank" rel="noopener">
            <Printer aria-hidden="true" className="h-4 w-4" />
            Printable page
          </a>
          <a className={secondaryButton} href={reportPdfUrl(client.id, month)} download>
            <FileDown aria-hidden="true" className="h-4 w-4" />
            PDF
          </a>
          <p id="report-month-help" className="sr-only">
            The month of the printable page and the PDF, YYYY-MM.
          </p>
        </div>
      </div>
      {formError && (
        <p role="alert" className="text-sm text-rose-200">
          {formError}
        </p>
      )}
      {report.isPending && <p className="text-slate-400">Loading the report…</p>}
      {report.isError && (
        <p role="alert" className="text-rose-200">
          Could not load the report: {errorText(report.error)}
        </p>
      )}
      {report.data && (
        <>
          <p className="text-sm text-slate-400">
            {report.data.from} to {report.data.to} (UTC)
          </p>
          {added && (
            <p role="status" className="text-sm text-emerald-200">
              Added “{added}” to the ICP’s exclusions.
            </p>
          )}
          {add.isError && (
            <p role="alert" className="text-sm text-rose-200">
              Could not add the exclusion: {errorText(add.error)}
            </p>
          )}
          <ReportView
            report={report.data}
            exclusions={(term) => (
              <button
                type="button"
                className={secondaryButton}
                disabled={add.isPending}
                onClick={() => apply(term)}
                aria-label={`Add “${term}” to the ICP’s exclusions`}
              >
                Apply
              </button>
            )}
          />
        </>
      )}
    </div>
  );
}
