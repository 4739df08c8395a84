import { apiRequest, isUnauthorized, setCsrfToken, type Parser } from './api-client';
import { mayHaveSession } from './session-hint';

/** GET /api/admin/session. */
export interface AdminSession {
  email: string;
  csrfToken: string;
  expiresAt?: string | null;
}

// Checked by hand: the demo reads the session too, and must not load zod for it.
const sessionParser: Parser<AdminSession> = {
  parse(value) {
    const r = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    const expires = r.expiresAt;
    if (typeof r.email !== 'string' || typeof r.csrfToken !== 'string' || !(expires == null || typeof expires === 'string')) {
      throw new TypeError('session: unexpected shape');
    }
    return { email: r.email, csrfToken: r.csrfToken, expiresAt: expires };
  },
};

/**
 * The current admin session, or null when signed out (no session hint, or a
 * 401); it remembers the session's CSRF token for state-changing calls.
 */
export async function getSession(): Promise<AdminSession | null> {
  if (!mayHaveSession()) {
    setCsrfToken(null);
    return null;
  }
  try {
    const session = await apiRequest('/api/admin/session', { schema: sessionParser });
    setCsrfToken(session.csrfToken);
    return session;
  } catch (err) {
    if (isUnauthorized(err)) {
      setCsrfToken(null);
      return null;
    }
    throw err;
  }
}
