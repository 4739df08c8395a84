import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { workspaceKeys } from './query-keys';
import { portalTokenSchema } from './portal-token-schema';

export const usePortalTokens = () =>
  useQuery({
    queryKey: workspaceKeys.tokens(),
    queryFn: () => apiRequest('/api/client/tokens', { schema: z.object({ tokens: z.array(portalTokenSchema) }) }),
  });
