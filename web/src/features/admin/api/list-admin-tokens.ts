import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { adminTokenSchema } from './admin-token-schema';

export const useAdminTokens = () =>
  useQuery({
    queryKey: adminKeys.adminTokens(),
    queryFn: () => apiRequest('/api/admin/tokens', { schema: z.object({ tokens: z.array(adminTokenSchema) }) }),
  });
