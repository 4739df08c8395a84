import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { setCsrfToken } from './api-client';
import { getSession } from './get-session';

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

export const sessionQueryOptions = () => queryOptions({ queryKey: sessionKey, queryFn: getSession, staleTime: 60_000, retry: false });

/** The admin session query. */
export function useSession() {
  return useQuery(sessionQueryOptions());
}
