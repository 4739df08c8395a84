import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, isUnauthorized, setCsrfToken } from './client';
import { adminKeys } from './query-keys';

/** GET /api/admin/session. */
export const sessionSchema = z.object({
  email: z.string(),
  csrfToken: z.string(),
  expiresAt: z.string().nullish(),
});

export type AdminSession = z.infer<typeof sessionSchema>;

/** The current admin session, or null when signed out (401). */
export async function getSession(): Promise<AdminSession | null> {
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
  queryOptions({ queryKey: adminKeys.session(), queryFn: getSession, staleTime: 60_000, retry: false });

/** The admin session query. */
export function useSession() {
  return useQuery(sessionQueryOptions());
}
