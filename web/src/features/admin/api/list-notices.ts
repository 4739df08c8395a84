import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';

/** A notice for the owner (docs/api.md "Notices"). */
export const noticeSchema = z.object({
  id: z.string(),
  kind: z.string(),
  text: z.string(),
  link: z.string(),
  createdAt: z.string(),
  seenAt: z.string().nullish(),
});

export type Notice = z.infer<typeof noticeSchema>;

const listSchema = z.object({ notices: z.array(noticeSchema), unseen: z.number() });

/** GET /api/admin/notices, looked at again every minute. */
export const useNotices = () =>
  useQuery({
    queryKey: adminKeys.notices(),
    queryFn: () => apiRequest('/api/admin/notices?limit=50', { schema: listSchema }),
    refetchInterval: 60_000,
  });
