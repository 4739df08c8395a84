import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { searchSchema, searchLeadSchema } from './search-schema';

export const useSearch = (id: string) =>
  useQuery({
    queryKey: adminKeys.search(id),
    queryFn: () =>
      apiRequest(`/api/admin/searches/${encodeURIComponent(id)}`, {
        schema: z.object({ search: searchSchema, leads: z.array(searchLeadSchema) }),
      }),
  });
