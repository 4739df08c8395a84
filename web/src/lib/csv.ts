import { csvCell } from './csv-cell';

/**
 * Where line ends go: 'crlf' is RFC 4180's CRLF after every row (the lead
 * exports); 'lf-between' puts LF between rows and none after the last (the
 * local form-submissions export, whose exact bytes its e2e test checks).
 */
export type CsvLineEnds = 'crlf' | 'lf-between';

/** CSV text: the header row, then one row per entry, every cell through csvCell (quoted, formulas defused). */
export function toCsv(rows: readonly (readonly (string | number)[])[], header: readonly string[], lineEnds: CsvLineEnds = 'crlf'): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return lineEnds === 'crlf' ? lines.map((line) => `${line}\r\n`).join('') : lines.join('\n');
}
