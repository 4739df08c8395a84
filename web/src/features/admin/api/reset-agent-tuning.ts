import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { tuningSchema } from './agent-schema';

/** DELETE /api/admin/agents/{id}/tuning: forget the feedback so far. */
export function useResetTuning(agentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/api/admin/agents/${agentId}/tuning`, { method: 'DELETE', schema: tuningSchema }),
    onSuccess: (t) => qc.setQueryData(adminKeys.tuning(agentId), t),
  });
}
