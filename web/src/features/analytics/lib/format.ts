const count = new Intl.NumberFormat('en-US');

/** A whole count with thousands separators, e.g. "12,543". */
export const formatCount = (n: number) => count.format(n);

/** Seconds as "2m 34s" (or "45s" under a minute, "1h 5m" from an hour). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

/** A percentage with one decimal, e.g. "42.3%". */
export const formatPercent = (v: number) => `${v.toFixed(1)}%`;

/** A bar's label: "Jan 19" for a day, "14:00" for an hour (UTC, as the server buckets). */
export function formatBucket(date: string, bucket: 'day' | 'hour'): string {
  const d = new Date(bucket === 'day' ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(d.getTime())) return date;
  if (bucket === 'hour') return `${String(d.getUTCHours()).padStart(2, '0')}:00`;
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A bar's height in percent of its track, against max (never over 100). */
export function barHeight(views: number, max: number): number {
  if (max <= 0) return 0;
  return Math.min(100, (views / max) * 100);
}
