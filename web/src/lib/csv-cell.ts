/**
 * One CSV cell, defused by OWASP's CSV-injection rules (the Go export does
 * the same: internal/intake/csv.go):
 * - a text cell beginning with = + - @, a tab or a carriage return (also
 *   after leading spaces) gets a leading apostrophe, so a spreadsheet shows
 *   it as text and never evaluates it;
 * - a cell holding a separator of any common locale (`,`, `;`, tab), a
 *   quote or a line break is wrapped in quotes with its quotes doubled, so
 *   `Acme;=cmd|' /C calc'!A0` stays one text cell where `;` separates
 *   cells instead of starting a formula cell.
 * Other cells are written as they are (docs/product.md §7.3: quotes doubled, a value
 * with a comma quoted).
 */
export function csvCell(value: string | number): string {
  let s = String(value);
  if (typeof value === 'string' && /^ *[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",;\t\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
