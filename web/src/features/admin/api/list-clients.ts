import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { clientSummarySchema } from './client-schema';

export const useClients = () =>
  useQuery({
    queryKey: adminKeys.clients(),
    queryFn: () => apiRequest('/api/admin/clients', { schema: z.object({ clients: z.array(clientSummarySchema) }) }),
  });
