import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { workspaceKeys } from './query-keys';
import { portalAgentSchema } from './agent-schema';

const agentsSchema = z.object({ agents: z.array(portalAgentSchema), mayEdit: z.boolean() });

export const usePortalAgents = () =>
  useQuery({ queryKey: workspaceKeys.agents(), queryFn: () => apiRequest('/api/client/agents', { schema: agentsSchema }) });
