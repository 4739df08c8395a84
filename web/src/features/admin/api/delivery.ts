import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { clientSchema } from './clients';
import { adminKeys } from './query-keys';
import { channelBody, type ChannelInput } from '@/lib/clients/channel-schema';

export { cadences, channelInputSchema, channelKinds, type ChannelInput } from '@/lib/clients/channel-schema';

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
  /** A CRM channel's field mapping (docs/clients.md "CRM channels"); the fields the console does not edit are kept as they are. */
  mapping: z.record(z.string(), z.unknown()).nullish(),
});
export type Channel = z.infer<typeof channelSchema>;

/** What a channel's receiver answered to the test lead. */
export const testSendSchema = z.object({
  ok: z.boolean(),
  responseCode: z.number(),
  message: z.string(),
  records: z.record(z.string(), z.string()).nullish(),
});
export type TestSend = z.infer<typeof testSendSchema>;

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
  /** The lead's person, else its company, else its post's title. */
  leadName: z.string().nullish(),
  /** webhook, slack or email. */
  channelKind: z.string().nullish(),
});
export type DeliveryAttempt = z.infer<typeof attemptSchema>;

export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The digest time of a client's settings. */
export const digestInputSchema = z.object({
  digestHour: z.number('An hour from 0 to 23').int().min(0, 'An hour from 0 to 23').max(23, 'An hour from 0 to 23'),
  digestWeekday: z.enum(weekdays),
  timeZone: z.string().trim().min(1, 'An IANA time zone such as Europe/Paris'),
});
export type DigestInput = z.infer<typeof digestInputSchema>;

const feedKey = (clientId: string) => [...adminKeys.client(clientId), 'feed'] as const;

export const useChannels = (clientId: string) =>
  useQuery({
    queryKey: adminKeys.channels(clientId),
    queryFn: () => apiRequest(`/api/admin/clients/${clientId}/channels`, { schema: z.object({ channels: z.array(channelSchema) }) }),
  });

/** POST /api/admin/clients/{id}/channels: answers the webhook secret once. */
export function useCreateChannel(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: ChannelInput) =>
      apiRequest(`/api/admin/clients/${clientId}/channels`, {
        method: 'POST',
        body: channelBody(values),
        schema: z.object({ id: z.string(), secret: z.string().nullish() }),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.channels(clientId) }),
  });
}

/** PATCH the client's digest time. */
export function useSaveDigest(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: DigestInput) =>
      apiRequest(`/api/admin/clients/${clientId}`, { method: 'PATCH', body: { settings }, schema: clientSchema }),
    onSuccess: (c) => qc.setQueryData(adminKeys.client(clientId), c),
  });
}

export const useFeed = (clientId: string) =>
  useQuery({
    queryKey: feedKey(clientId),
    queryFn: () =>
      apiRequest(`/api/admin/clients/${clientId}/feed`, { schema: z.object({ active: z.boolean(), createdAt: z.string().nullish() }) }),
  });

/** POST (make or rotate: the URL is answered once) and DELETE (revoke) the client's feed. */
export function useFeedActions(clientId: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: feedKey(clientId) });
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

const channelPath = (clientId: string, channelId: string) =>
  `/api/admin/clients/${encodeURIComponent(clientId)}/channels/${encodeURIComponent(channelId)}`;

/** PATCH a CRM channel: its whole mapping and, when given, a new token (never shown). */
export function useUpdateChannel(clientId: string, channelId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { mapping: Record<string, unknown>; token?: string }) =>
      apiRequest(channelPath(clientId, channelId), { method: 'PATCH', body, schema: z.object({ channel: channelSchema }) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.channels(clientId) }),
  });
}

/** POST .../test: a marked sample lead sent through the channel; nothing is recorded. */
export function useTestChannel(clientId: string) {
  return useMutation({
    mutationFn: (channelId: string) => apiRequest(`${channelPath(clientId, channelId)}/test`, { method: 'POST', schema: testSendSchema }),
  });
}
