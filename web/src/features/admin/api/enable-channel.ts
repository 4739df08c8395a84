import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { channelSchema } from './delivery-schema';
import { useInvalidateDelivery } from './invalidate-delivery';

/** POST /api/admin/channels/{id}/enable: active again; its cancelled deliveries are queued again. */
export function useEnableChannel(clientId: string) {
  const done = useInvalidateDelivery(clientId);
  return useMutation({
    mutationFn: (channelId: string) =>
      apiRequest(`/api/admin/channels/${encodeURIComponent(channelId)}/enable`, {
        method: 'POST',
        schema: z.object({ channel: channelSchema, requeued: z.number() }),
      }),
    onSuccess: done,
  });
}
