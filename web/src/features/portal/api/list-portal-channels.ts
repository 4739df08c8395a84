import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { workspaceKeys } from './query-keys';
import { portalChannelSchema } from './portal-channel-schema';

const channelsSchema = z.object({ channels: z.array(portalChannelSchema), mayEdit: z.boolean(), mailConfigured: z.boolean() });

export const usePortalChannels = () =>
  useQuery({ queryKey: workspaceKeys.channels(), queryFn: () => apiRequest('/api/client/channels', { schema: channelsSchema }) });
