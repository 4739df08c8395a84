import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { attemptSchema } from './delivery-schema';

export const useDeliveryLog = (clientId: string) =>
  useQuery({
    queryKey: adminKeys.deliveries(clientId),
    queryFn: () =>
      apiRequest(`/api/admin/clients/${clientId}/deliveries?limit=100`, { schema: z.object({ attempts: z.array(attemptSchema) }) }),
  });
