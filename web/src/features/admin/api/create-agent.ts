import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { agentSchema } from './agent-schema';

/** POST /api/admin/clients/{id}/agents from a starter template. */
export function useCreateAgent(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (template: string) =>
      apiRequest(`/api/admin/clients/${clientId}/agents`, { method: 'POST', body: { template }, schema: agentSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.agents(clientId) }),
  });
}
