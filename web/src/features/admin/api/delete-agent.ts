import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';

/** DELETE /api/admin/agents/{id}: the agent, its runs and tuning go; its leads stay with the client. */
export function useDeleteAgent(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (agentId: string) => apiRequest(`/api/admin/agents/${agentId}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.agents(clientId) }),
  });
}
