import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';

const templateSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  signalTypes: z.array(z.string()).nullish(),
  /** The template's own queries; empty: the agent takes the client's topics (settings.queries). */
  queries: z.array(z.string()).nullish(),
});

export type AgentTemplate = z.infer<typeof templateSchema>;

export const useAgentTemplates = () =>
  useQuery({
    queryKey: adminKeys.agentTemplates(),
    queryFn: () => apiRequest('/api/admin/agent-templates', { schema: z.object({ templates: z.array(templateSchema) }) }),
    staleTime: Infinity,
  });
