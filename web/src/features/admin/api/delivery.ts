import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { clientSchema } from './clients';
import { adminKeys } from './query-keys';

/** A client's delivery channel (docs/api.md "Delivery channels"). */
export const channelSchema = z.object({
  id: z.string(),
  kind: z.string(),
  target: z.string(),
  cadence: z.string(),
  status: z.string(),
  disabledReason: z.string().nullish(),
  createdAt: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

export const cadences = ['instant', 'daily', 'weekly'] as const;
export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The add-channel form; the server checks the URL further (reachable, not private). */
export const channelInputSchema = z.object({
  kind: z.enum(['webhook', 'slack']),
  target: z.string().trim().url('Enter an http or https URL').max(2000),
  cadence: z.enum(cadences),
});
export type ChannelInput = z.infer<typeof channelInputSchema>;

/** The digest time of a client's settings. */
export const digestInputSchema = z.object({
  digestHour: z.number('An hour from 0 to 23').int().min(0, 'An hour from 0 to 23').max(23, 'An hour from 0 to 23'),
  digestWeekday: z.enum(weekdays),
  timeZone: z.string().trim().min(1, 'An IANA time zone such as Europe/Paris'),
});
export type DigestInput = z.infer<typeof digestInputSchema>;

const channelsKey = (clientId: string) => [...adminKeys.client(clientId), 'channels'] as const;
const feedKey = (clientId: string) => [...adminKeys.client(clientId), 'feed'] as const;

export const useChannels = (clientId: string) =>
  useQuery({
    queryKey: channelsKey(clientId),
    queryFn: () => apiRequest(`/api/admin/clients/${clientId}/channels`, { schema: z.object({ channels: z.array(channelSchema) }) }),
  });

/** POST /api/admin/clients/{id}/channels: answers the webhook secret once. */
export function useCreateChannel(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChannelInput) =>
      apiRequest(`/api/admin/clients/${clientId}/channels`, {
        method: 'POST',
        body,
        schema: z.object({ id: z.string(), secret: z.string().nullish() }),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: channelsKey(clientId) }),
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
