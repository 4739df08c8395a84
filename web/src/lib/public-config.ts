import { useSyncExternalStore } from 'react';

/** Settings the server shares with the browser (GET /api/config). */
export interface PublicConfig {
  bookingCalendarUrl: string | null;
  baseUrl: string;
  version: string;
}

let config: PublicConfig | null = null;
let request: Promise<PublicConfig | null> | null = null;
const listeners = new Set<() => void>();

/** Fetches the public config once per page load; failures leave it unknown. */
export function loadPublicConfig(): Promise<PublicConfig | null> {
  request ??= fetch('/api/config', { headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<PublicConfig>) : null))
    .catch(() => null)
    .then((value) => {
      config = value;
      listeners.forEach((notify) => notify());
      return value;
    });
  return request;
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  void loadPublicConfig();
  return () => listeners.delete(notify);
}

/**
 * The public config, or null until it has loaded. Prerendering and hydration
 * see null, so the first client render matches the static HTML.
 */
export function usePublicConfig(): PublicConfig | null {
  return useSyncExternalStore(
    subscribe,
    () => config,
    () => null,
  );
}

/** The external booking calendar, or null when none is configured (or not yet known). */
export function useBookingCalendarUrl(): string | null {
  return usePublicConfig()?.bookingCalendarUrl ?? null;
}

/** Test hook: forget the cached config. */
export function resetPublicConfigForTests() {
  config = null;
  request = null;
}
