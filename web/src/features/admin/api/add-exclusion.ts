import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { clientSchema } from './client-schema';
import { adminKeys } from './query-keys';

/** POST /api/admin/clients/{id}/exclusions: a suggested term added to the ICP's exclusions. */
export function useAddExclusion(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (term: string) =>
      apiRequest(`/api/admin/clients/${id}/exclusions`, { method: 'POST', body: { term }, schema: clientSchema }),
    onSuccess: (c) => {
      qc.setQueryData(adminKeys.client(id), c);
      void qc.invalidateQueries({ queryKey: adminKeys.report(id) });
    },
  });
}
