import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';

export const agentSchema = z.object({
  id: z.string(),
  name: z.string(),
  template: z.string().nullish(),
  signalTypes: z.array(z.string()).nullish(),
  queries: z.array(z.string()).nullish(),
  /** The sources it reads; empty: every source. */
  sources: z.array(z.string()).nullish(),
  schedule: z.string(),
  threshold: z.number(),
  active: z.boolean(),
  lastRunAt: z.string().nullish(),
  /** The agent's own ICP; null: the client's. */
  icp: z.record(z.string(), z.unknown()).nullish(),
});
export type Agent = z.infer<typeof agentSchema>;

/** One run (docs/api.md "Run"). */
export const runSchema = z.object({
  id: z.string(),
  /** interrupted: its instance stopped heartbeating; the retry starts within seconds. */
  status: z.enum(['running', 'interrupted', 'complete', 'partial', 'failed']),
  postsRead: z.number(),
  leadsAdded: z.number(),
  error: z.string().nullish(),
  startedAt: z.string(),
  finishedAt: z.string().nullish(),
  attempt: z.number().nullish(),
  /** When its instance was last found dead (the run was retried since). */
  interruptedAt: z.string().nullish(),
});
export type Run = z.infer<typeof runSchema>;

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

export const useAgents = (clientId: string) =>
  useQuery({
    queryKey: adminKeys.agents(clientId),
    queryFn: () => apiRequest(`/api/admin/clients/${clientId}/agents`, { schema: z.object({ agents: z.array(agentSchema) }) }),
  });

/** POST /api/admin/clients/{id}/agents from a starter template. */
export function useCreateAgent(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (template: string) =>
      apiRequest(`/api/admin/clients/${clientId}/agents`, { method: 'POST', body: { template }, schema: agentSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.agents(clientId) }),
  });
}

/** POST /api/admin/agents/{id}/run: 202 with the run's id. */
export const useRunAgent = () =>
  useMutation({
    mutationFn: (agentId: string) =>
      apiRequest(`/api/admin/agents/${agentId}/run`, { method: 'POST', schema: z.object({ runId: z.string() }) }),
  });

/** GET /api/admin/runs/{id}, polled every second while the run is running or waits for its retry. */
export const useRun = (runId: string | null) =>
  useQuery({
    queryKey: adminKeys.run(runId ?? ''),
    queryFn: () => apiRequest(`/api/admin/runs/${runId}`, { schema: runSchema }),
    enabled: runId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' || q.state.data?.status === 'interrupted' || !q.state.data ? 1000 : false),
  });

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

/** What an agent learned from its client's feedback (docs/clients.md §4.2). */
export const tuningSchema = z.object({
  agentId: z.string(),
  active: z.boolean(),
  judged: z.number(),
  good: z.number(),
  noise: z.number(),
  terms: z.array(z.object({ term: z.string(), weight: z.number(), good: z.number(), noise: z.number() })),
  summary: z.array(z.string()),
  resetAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
});
export type Tuning = z.infer<typeof tuningSchema>;

export const useAgentTuning = (agentId: string, enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.tuning(agentId),
    queryFn: () => apiRequest(`/api/admin/agents/${agentId}/tuning`, { schema: tuningSchema }),
    enabled,
  });

/** DELETE /api/admin/agents/{id}/tuning: forget the feedback so far. */
export function useResetTuning(agentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/api/admin/agents/${agentId}/tuning`, { method: 'DELETE', schema: tuningSchema }),
    onSuccess: (t) => qc.setQueryData(adminKeys.tuning(agentId), t),
  });
}
