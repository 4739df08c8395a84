import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';

/** POST (make or rotate: the URL is answered once) and DELETE (revoke) the client's feed. */
export function useFeedActions(clientId: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.feed(clientId) });
  const rotate = useMutation({
    mutationFn: () =>
      apiRequest(`/api/admin/clients/${clientId}/feed`, { method: 'POST', schema: z.object({ url: z.string(), createdAt: z.string() }) }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: () => apiRequest(`/api/admin/clients/${clientId}/feed`, { method: 'DELETE' }),
    onSuccess: () => {
      rotate.reset();
      return refresh();
    },
  });
  return { rotate, revoke };
}
