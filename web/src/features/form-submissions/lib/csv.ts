import { csvCell } from '@/lib/csv-cell';
import type { FormSubmission } from '@/lib/form-submissions';

/** The nine columns of the screen and the export, in order (spec 000 §2). */
export const columns: ReadonlyArray<{ key: keyof FormSubmission; label: string }> = [
  { key: 'timestamp', label: 'Date/Time' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'company', label: 'Company' },
  { key: 'monthlyRevenue', label: 'Monthly Revenue' },
  { key: 'targetRevenue', label: 'Target Revenue' },
  { key: 'roadblock', label: 'Roadblock' },
  { key: 'bookingCapacity', label: 'Booking Capacity' },
  { key: 'idealOutcome', label: 'Ideal Outcome' },
];

/** One CSV cell: quotes doubled; wrapped in quotes when it holds a separator, quote or line break; a leading formula character defused (see csvCell). */
export function escapeCsv(value: string): string {
  return csvCell(value);
}

/** The export: a header row of the column names, then one row per submission (Date/Time as stored, ISO 8601). */
export function toCsv(entries: readonly FormSubmission[]): string {
  const rows = [columns.map((c) => c.label), ...entries.map((e) => columns.map((c) => e[c.key]))];
  return rows.map((row) => row.map(escapeCsv).join(',')).join('\n');
}

/** form_submissions_{YYYY-MM-DD}.csv */
export function csvFileName(now: Date = new Date()): string {
  return `form_submissions_${now.toISOString().slice(0, 10)}.csv`;
}

/** Hands a CSV to the browser as a download. */
export function downloadCsv(content: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
