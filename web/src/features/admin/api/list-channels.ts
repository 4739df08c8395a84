import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { channelSchema } from './delivery-schema';

export const useChannels = (clientId: string) =>
  useQuery({
    queryKey: adminKeys.channels(clientId),
    queryFn: () => apiRequest(`/api/admin/clients/${clientId}/channels`, { schema: z.object({ channels: z.array(channelSchema) }) }),
  });
