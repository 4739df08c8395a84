/** Where the app reports page views (first-party, no cookies). */
export const beaconUrl = '/api/analytics/pageview';

/**
 * Reports one page view. navigator.sendBeacon queues it without delaying
 * navigation (its string body goes as text/plain, which the server accepts);
 * fetch with keepalive is the fallback. Failures are ignored: analytics must
 * never break a page.
 */
export function sendPageView(path: string, referrer: string): void {
  const body = JSON.stringify({ path, referrer });
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(beaconUrl, body)) return;
    void fetch(beaconUrl, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'text/plain' } }).catch(() => undefined);
  } catch {
    // Ignored on purpose (see above).
  }
}
