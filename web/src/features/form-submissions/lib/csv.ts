import { toCsv } from '@/lib/csv';
import type { FormSubmission } from '@/lib/form-submissions';

/** The nine columns of the screen and the export, in order (docs/product.md §7.3). */
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

/** The export: a header row of the column names, then one row per submission (Date/Time as stored, ISO 8601); LF between rows. */
export function submissionsCsv(entries: readonly FormSubmission[]): string {
  return toCsv(
    entries.map((e) => columns.map((c) => e[c.key])),
    columns.map((c) => c.label),
    'lf-between',
  );
}

/** form_submissions_{YYYY-MM-DD}.csv */
export function csvFileName(now: Date = new Date()): string {
  return `form_submissions_${now.toISOString().slice(0, 10)}.csv`;
}
