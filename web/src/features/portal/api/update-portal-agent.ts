import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { workspaceKeys } from './query-keys';
import { portalAgentSchema, type AgentEdit, lines } from './agent-schema';

export function useUpdatePortalAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: AgentEdit }) =>
      apiRequest(`/api/client/agents/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { name: edit.name.trim(), queries: lines(edit.queries), signalTypes: edit.signalTypes, active: edit.active },
        schema: portalAgentSchema,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: workspaceKeys.agents() }),
  });
}
