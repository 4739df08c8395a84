import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from './api-client';
import { dropSession } from './session';

/**
 * The console's query client. A 401 from any query or mutation (the session
 * expired or was revoked) drops the session, which shows the sign-in form.
 */
export function createAdminQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (err) => onAuthError(err) }),
    mutationCache: new MutationCache({ onError: (err) => onAuthError(err) }),
    defaultOptions: {
      queries: { retry: (count, err) => !isUnauthorized(err) && count < 2, refetchOnWindowFocus: true },
    },
  });
  function onAuthError(err: unknown) {
    if (!isUnauthorized(err)) return;
    dropSession(client);
  }
  return client;
}
