import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { useInvalidateDelivery } from './invalidate-delivery';

/** POST /api/admin/deliveries/{id}/retry (202): queued again with the same webhook-id. */
export function useRetryLeadDelivery(clientId: string) {
  const done = useInvalidateDelivery(clientId);
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiRequest(`/api/admin/deliveries/${encodeURIComponent(deliveryId)}/retry`, {
        method: 'POST',
        schema: z.object({ id: z.string(), status: z.string() }),
      }),
    onSuccess: done,
  });
}
