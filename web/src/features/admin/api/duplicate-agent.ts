import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { agentSchema } from './agent-schema';
import { adminKeys } from './query-keys';

/** POST /api/admin/agents/{id}/duplicate: a paused copy named "<name> (copy)". */
export function useDuplicateAgent(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (agentId: string) => apiRequest(`/api/admin/agents/${agentId}/duplicate`, { method: 'POST', schema: agentSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.agents(clientId) }),
  });
}
