import { getSession } from '@/lib/admin/get-session';

/**
 * The signed-in admin's email, or null for a visitor. Reading the session
 * remembers its CSRF token, so the admin's live searches carry it and are
 * stored under their name (research-leads counts a write without it as
 * anonymous). Visitors make no call at all (no session hint cookie).
 */
export async function loadAdminSession(): Promise<string | null> {
  const session = await getSession().catch(() => null);
  return session?.email ?? null;
}
