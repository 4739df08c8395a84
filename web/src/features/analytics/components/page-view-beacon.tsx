import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { sendPageView } from '../lib/beacon';

/**
 * Sends a page view on the first render in the browser and on every route
 * change (path changes only, not hash or query). The document's referrer
 * belongs to the first view; later views came from this site. Renders
 * nothing, and nothing during prerendering (effects do not run there).
 */
export function PageViewBeacon() {
  const { pathname } = useLocation();
  // The last path reported: StrictMode's second effect run in development
  // must not count the same view twice.
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (last.current === pathname) return;
    sendPageView(pathname, last.current === null ? document.referrer : '');
    last.current = pathname;
  }, [pathname]);
  return null;
}
