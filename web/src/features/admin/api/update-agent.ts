import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { agentSchema } from './agent-schema';

/** The fields PATCH /api/admin/agents/{id} takes; absent ones keep their value. */
export interface AgentPatch {
  icp?: Record<string, unknown> | null;
  name?: string;
  queries?: string[];
  signalTypes?: string[];
  sources?: string[];
  threshold?: number;
  schedule?: string;
  active?: boolean;
}

/** PATCH /api/admin/agents/{id}: icp null goes back to the client's ICP; active false pauses it. */
export function useUpdateAgent(clientId: string, agentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentPatch) => apiRequest(`/api/admin/agents/${agentId}`, { method: 'PATCH', body, schema: agentSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.agents(clientId) }),
  });
}
