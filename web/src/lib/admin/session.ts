import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, isUnauthorized, setCsrfToken } from './api-client';
import { mayHaveSession } from './session-hint';

/** Query key of the admin session; every admin screen reads it. */
export const sessionKey = ['admin', 'session'] as const;

/**
 * Forgets the session after a sign-out or a 401: the CSRF token, every cached
 * admin-only answer and the session itself (which shows the sign-in form).
 */
export function dropSession(client: QueryClient) {
  setCsrfToken(null);
  client.removeQueries({ predicate: (q) => q.queryKey[0] === 'admin' && q.queryKey[1] !== 'session' });
  client.setQueryData(sessionKey, null);
}

/** GET /api/admin/session. */
export const sessionSchema = z.object({
  email: z.string(),
  csrfToken: z.string(),
  expiresAt: z.string().nullish(),
});

export type AdminSession = z.infer<typeof sessionSchema>;

/** The current admin session, or null when signed out (401). */
export async function getSession(): Promise<AdminSession | null> {
  if (!mayHaveSession()) {
    setCsrfToken(null);
    return null;
  }
  try {
    const session = await apiRequest('/api/admin/session', { schema: sessionSchema });
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

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionKey, queryFn: getSession, staleTime: 60_000, retry: false });

/** The admin session query. */
export function useSession() {
  return useQuery(sessionQueryOptions());
}
