import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { agentSchema } from './agent-schema';

export const useAgents = (clientId: string) =>
  useQuery({
    queryKey: adminKeys.agents(clientId),
    queryFn: () => apiRequest(`/api/admin/clients/${clientId}/agents`, { schema: z.object({ agents: z.array(agentSchema) }) }),
  });
