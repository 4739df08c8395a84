import { setCsrfToken } from '@/lib/admin/api-client';
import { mayHaveSession } from '@/lib/admin/session-hint';

/**
 * The signed-in admin's email, or null for a visitor. It remembers the
 * session's CSRF token, so the admin's live searches carry it and are stored
 * under their name (research-leads counts a write without it as anonymous).
 * Visitors make no call at all (no session hint cookie).
 */
export async function loadAdminSession(): Promise<string | null> {
  if (!mayHaveSession()) return null;
  try {
    const res = await fetch('/api/admin/session', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    if (!res.ok) return null;
    const body = (await res.json()) as { email?: unknown; csrfToken?: unknown };
    if (typeof body.csrfToken === 'string') setCsrfToken(body.csrfToken);
    return typeof body.email === 'string' ? body.email : null;
  } catch {
    return null;
  }
}
