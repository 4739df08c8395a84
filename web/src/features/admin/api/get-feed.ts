import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';

export const useFeed = (clientId: string) =>
  useQuery({
    queryKey: adminKeys.feed(clientId),
    queryFn: () =>
      apiRequest(`/api/admin/clients/${clientId}/feed`, { schema: z.object({ active: z.boolean(), createdAt: z.string().nullish() }) }),
  });
