/** The readable cookie the server sets beside the session cookie (internal/auth HintCookieName). */
export const sessionHintCookie = 'sp_admin';

/**
 * True when an admin session may exist. The session cookie itself is
 * HttpOnly; the hint holds no secret, it only lets public pages skip the
 * admin API (and the 401 a browser logs as an error) for visitors.
 */
export function mayHaveSession(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies.split(';').some((c) => c.trim() === `${sessionHintCookie}=1`);
}
