import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, setCsrfToken } from '@/lib/admin/api-client';
import { portalKeys } from './query-keys';

/** POST /api/client/logout; whatever the answer, the portal forgets the session. */
export function usePortalLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/client/logout', { method: 'POST' }),
    onSettled: () => {
      setCsrfToken(null);
      qc.removeQueries({ queryKey: portalKeys.leads() });
      qc.setQueryData(portalKeys.me(), null);
    },
  });
}
