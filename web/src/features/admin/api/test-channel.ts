import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { testSendSchema } from './delivery-schema';
import { channelPath } from './update-channel';

/** POST .../test: a marked sample lead sent through the channel; nothing is recorded. */
export function useTestChannel(clientId: string) {
  return useMutation({
    mutationFn: (channelId: string) => apiRequest(`${channelPath(clientId, channelId)}/test`, { method: 'POST', schema: testSendSchema }),
  });
}
