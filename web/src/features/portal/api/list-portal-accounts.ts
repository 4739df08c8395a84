import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { accountPageSchema } from '@/components/clients/account-list';
import { portalKeys } from './query-keys';

// The client's accounts: companies of its approved leads, best first (docs/api.md "Accounts").

/** The first 100 accounts, best first. */
export const usePortalAccounts = () =>
  useQuery({
    queryKey: portalKeys.accounts(),
    queryFn: () => apiRequest('/api/client/accounts?limit=100', { schema: accountPageSchema }),
  });
