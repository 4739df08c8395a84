import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { tuningSchema } from './agent-schema';

export const useAgentTuning = (agentId: string, enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.tuning(agentId),
    queryFn: () => apiRequest(`/api/admin/agents/${agentId}/tuning`, { schema: tuningSchema }),
    enabled,
  });
