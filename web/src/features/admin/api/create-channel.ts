import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { channelBody, type ChannelInput } from '@/lib/clients/channel-schema';

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
