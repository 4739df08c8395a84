import { paths } from '@/config/paths';

/** The portal's sign-in page, coming back afterwards to `back` (the portal's path and query) when it has a query. */
export function portalLoginPath(back: { pathname: string; search: string }): string {
  if (!back.search) return paths.portalLogin.path;
  return `${paths.portalLogin.path}?${new URLSearchParams({ next: back.pathname + back.search }).toString()}`;
}

/**
 * Where to go after signing in: `next` when it is the portal itself (its query, e.g. an email's
 * ?lead=<id>, kept), else the portal; never another site or page (no open redirect).
 */
export function afterLoginPath(next: string | null): string {
  if (!next) return paths.portal.path;
  const url = new URL(next, 'https://portal.invalid');
  const same = url.origin === 'https://portal.invalid' && url.pathname === paths.portal.path && next.startsWith('/');
  return same ? url.pathname + url.search : paths.portal.path;
}
