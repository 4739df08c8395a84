import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';

/** A client's delivery channel (docs/api.md "Delivery channels"). */
export const channelSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  kind: z.string(),
  target: z.string(),
  cadence: z.string(),
  status: z.enum(['active', 'disabled', 'paused']),
  disabledReason: z.string().nullish(),
  createdAt: z.string(),
  failingSince: z.string().nullish(),
});
export type Channel = z.infer<typeof channelSchema>;

/** One line of the delivery log. */
export const attemptSchema = z.object({
  id: z.string(),
  deliveryId: z.string(),
  channelId: z.string(),
  leadId: z.string(),
  attemptedAt: z.string(),
  outcome: z.string(),
  latencyMs: z.number(),
  responseCode: z.number(),
  error: z.string(),
  deliveryStatus: z.string(),
});
export type DeliveryAttempt = z.infer<typeof attemptSchema>;

export const useChannels = (clientId: string) =>
  useQuery({
    queryKey: adminKeys.channels(clientId),
    queryFn: () => apiRequest(`/api/admin/clients/${clientId}/channels`, { schema: z.object({ channels: z.array(channelSchema) }) }),
  });

export const useDeliveryLog = (clientId: string) =>
  useQuery({
    queryKey: adminKeys.deliveries(clientId),
    queryFn: () =>
      apiRequest(`/api/admin/clients/${clientId}/deliveries?limit=100`, { schema: z.object({ attempts: z.array(attemptSchema) }) }),
  });

function useInvalidateDelivery(clientId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: adminKeys.channels(clientId) });
    void qc.invalidateQueries({ queryKey: adminKeys.deliveries(clientId) });
  };
}

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
