import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { clientSchema } from './client-schema';

/** PATCH /api/admin/clients/{id}: the fields it names; an icp replaces the ICP whole. */
export function useUpdateClient(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { icp?: Record<string, unknown>; status?: string; name?: string; settings?: Record<string, unknown> }) =>
      apiRequest(`/api/admin/clients/${id}`, { method: 'PATCH', body, schema: clientSchema }),
    onSuccess: (c) => {
      qc.setQueryData(adminKeys.client(id), c);
      void qc.invalidateQueries({ queryKey: adminKeys.clients() });
    },
  });
}
