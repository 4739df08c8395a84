import { useCallback, useSyncExternalStore } from 'react';

// The console keeps what is open (a client, its tab) in the address's query string, so that
// back and forward move between them and a reload shows the same place. The console page has
// one route (/admin); its sections are not routes of their own, hence the query string.

const changed = 'signalpipe:address';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(changed, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(changed, onChange);
  };
}

/** The query string's parameters to set (a string) or remove (null), pushed as a new history entry unless replace. */
export function setAddressParams(params: Record<string, string | null>, replace = false) {
  const url = new URL(window.location.href);
  for (const [k, v] of Object.entries(params)) {
    if (v === null) url.searchParams.delete(k);
    else url.searchParams.set(k, v);
  }
  if (url.href === window.location.href) return;
  // Keep the router's own state object: React Router stores its key there.
  if (replace) window.history.replaceState(window.history.state, '', url);
  else window.history.pushState(window.history.state, '', url);
  window.dispatchEvent(new Event(changed));
}

/** One query-string parameter of the address, and a setter that pushes a history entry. */
export function useAddressParam(name: string): [string | null, (value: string | null, replace?: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => new URLSearchParams(window.location.search).get(name),
    () => null,
  );
  const set = useCallback((v: string | null, replace = false) => setAddressParams({ [name]: v }, replace), [name]);
  return [value, set];
}
