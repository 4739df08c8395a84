import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { channelSchema } from './delivery-schema';

export const channelPath = (clientId: string, channelId: string) =>
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
