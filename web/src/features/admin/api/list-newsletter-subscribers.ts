import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';

/** One newsletter sign-up. */
export const subscriberSchema = z.object({ email: z.string(), createdAt: z.string() });

export const subscriberPageSchema = z.object({
  items: z.array(subscriberSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});

export const useSubscribers = (page: number, pageSize: number) =>
  useQuery({
    queryKey: adminKeys.newsletter(page, pageSize),
    queryFn: () =>
      apiRequest(`/api/admin/newsletter?${new URLSearchParams({ page: String(page), pageSize: String(pageSize) })}`, {
        schema: subscriberPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
