import { FileDown, Printer } from 'lucide-react';
import { reportPdfUrl } from '../api/get-client-report-pdf';
import { useClientReport } from '../api/get-client-report';
import { ReportView } from './report-view';

const monthRe = /^\d{4}-(0[1-9]|1[0-2])$/;

/** "2026-11" as "November 2026". */
export function monthName(m: string): string {
  const [y, mo] = m.split('-').map(Number);
  return new Date(Date.UTC(y, mo - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const toolButton =
  'inline-flex items-center gap-2 rounded border border-gray-400 px-3 py-1.5 text-sm font-semibold text-black hover:bg-gray-100';

/**
 * A client's report for one calendar month, black on white for printing (the browser's Print;
 * the toolbar is not printed); the same figures as the PDF the server makes.
 */
export function MonthlyReport({ clientId, month }: { clientId: string; month: string }) {
  const valid = monthRe.test(month);
  const report = useClientReport(clientId, { month }, valid);
  return (
    <div className="min-h-screen bg-white text-black">
      <main className="mx-auto max-w-4xl space-y-6 p-6 print:max-w-none print:p-0">
        <nav aria-label="Report actions" className="flex flex-wrap gap-3 print:hidden">
          <a className={toolButton} href={`/admin?client=${encodeURIComponent(clientId)}&tab=report`}>
            Back to the client
          </a>
          <button type="button" className={toolButton} onClick={() => window.print()}>
            <Printer aria-hidden="true" className="h-4 w-4" />
            Print
          </button>
          {valid && (
            <a className={toolButton} href={reportPdfUrl(clientId, month)} download>
              <FileDown aria-hidden="true" className="h-4 w-4" />
              PDF
            </a>
          )}
        </nav>
        {!valid && (
          <p role="alert" className="text-red-700">
            The month must be YYYY-MM, e.g. ?month=2026-11.
          </p>
        )}
        {valid && report.isPending && <p className="text-gray-600">Loading the report…</p>}
        {valid && report.isError && (
          <p role="alert" className="text-red-700">
            Could not load the report: {report.error.message}
          </p>
        )}
        {valid && report.data && (
          <article className="space-y-6">
            <header>
              <h1 className="text-2xl font-bold">{report.data.clientName}</h1>
              <p className="text-gray-600">
                Report for {monthName(month)} ({report.data.from} to {report.data.to})
              </p>
            </header>
            <ReportView report={report.data} tone="print" />
          </article>
        )}
      </main>
    </div>
  );
}
