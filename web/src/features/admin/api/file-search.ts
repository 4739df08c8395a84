import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';

/** POST /api/admin/searches/{id}/file: the search's leads into a client's inbox. */
export function useFileSearch(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) =>
      apiRequest(`/api/admin/searches/${encodeURIComponent(id)}/file`, {
        method: 'POST',
        body: { clientId },
        schema: z.object({ clientId: z.string(), added: z.number(), skipped: z.number() }),
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.searches() });
      void qc.invalidateQueries({ queryKey: adminKeys.clients() });
    },
  });
}
