/** The report's window: from and to (YYYY-MM-DD, to inclusive), or a month (YYYY-MM); nothing: the server's default (12 weeks). */
export type ReportWindow = { from?: string; to?: string } | { month: string };

export function windowQuery(w: ReportWindow): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(w)) if (typeof v === 'string' && v !== '') q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The monthly report's printable page. */
export const reportPageUrl = (id: string, month: string) => `/admin/clients/${id}/report?month=${encodeURIComponent(month)}`;

/** This month, YYYY-MM (UTC). */
export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

/** The month before m (YYYY-MM). */
export function previousMonth(m: string): string {
  const [y, mo] = m.split('-').map(Number);
  const d = new Date(Date.UTC(y, mo - 2, 1));
  return d.toISOString().slice(0, 7);
}
