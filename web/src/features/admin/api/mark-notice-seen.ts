import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { noticeSchema } from './list-notices';

/** POST /api/admin/notices/{id}/seen. */
export function useMarkNoticeSeen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/notices/${encodeURIComponent(id)}/seen`, { method: 'POST', schema: z.object({ notice: noticeSchema }) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.notices() }),
  });
}
