import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { clientLeadSchema } from '@/lib/clients/lead-schema';
import { adminKeys } from './query-keys';

const bulkSchema = z.object({
  changed: z.number(),
  results: z.array(z.object({ id: z.string(), review: z.string(), queued: z.number(), error: z.string().nullish() })),
});

export type BulkResult = z.infer<typeof bulkSchema>;

/** Approve or reject one lead or several, and edit a draft; the queue and the inbox are refetched after. */
export function useReviewActions(clientId: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.clientLeads(clientId) });
  const review = useMutation({
    mutationFn: ({ ids, action }: { ids: string[]; action: 'approve' | 'reject' }) =>
      ids.length === 1
        ? apiRequest(`/api/admin/client-leads/${ids[0]}/${action}`, {
            method: 'POST',
            schema: z.object({ lead: clientLeadSchema, queued: z.number() }),
          }).then((r): BulkResult => ({ changed: 1, results: [{ id: ids[0], review: r.lead.review ?? '', queued: r.queued }] }))
        : apiRequest(`/api/admin/clients/${clientId}/leads/${action}`, { method: 'POST', body: { ids }, schema: bulkSchema }),
    onSettled: refresh,
  });
  const draft = useMutation({
    mutationFn: ({ id, subject, body }: { id: string; subject: string; body: string }) =>
      apiRequest(`/api/admin/client-leads/${id}/draft`, { method: 'PATCH', body: { subject, body }, schema: clientLeadSchema }),
    onSuccess: refresh,
  });
  return { review, draft };
}
