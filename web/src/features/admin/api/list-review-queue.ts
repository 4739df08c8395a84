import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { leadPageSchema } from '@/lib/clients/lead-schema';
import { adminKeys } from './query-keys';

/** The review queue's page: at most this many pending leads at once. */
export const QUEUE_PAGE = 100;

/** GET /api/admin/clients/{id}/leads?review=pending: the leads waiting for the owner (docs/clients.md "Review before delivery"). */
export const useReviewQueue = (clientId: string) =>
  useQuery({
    queryKey: adminKeys.reviewQueue(clientId),
    queryFn: () => apiRequest(`/api/admin/clients/${clientId}/leads?review=pending&limit=${QUEUE_PAGE}`, { schema: leadPageSchema }),
  });
