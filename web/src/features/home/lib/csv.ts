import { csvCell } from '@/lib/csv-cell';

/** Escapes one CSV field: quotes doubled, values with separators, quotes or line breaks quoted, formulas defused (see csvCell). */
export const csvField = csvCell;

/** Builds CSV text (CRLF line ends) from a header row and data rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Offers text as a file download in the browser. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
