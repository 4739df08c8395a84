import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { workspaceKeys } from './query-keys';
import { scopeIds } from '@/lib/api-token-scopes';

// The client's own workspace in the portal: agents, delivery channels, API tokens (docs/api.md "Client portal").
export { workspaceKeys } from './query-keys';

/** The signal types an agent can watch (internal/engine SignalTypes). */
export const signalTypes = ['hiring_activity', 'funding_event', 'competitor_engagement', 'job_change', 'tech_research'] as const;

export const signalLabels: Record<(typeof signalTypes)[number], string> = {
  hiring_activity: 'Hiring',
  funding_event: 'Funding',
  competitor_engagement: 'Competitor engagement',
  job_change: 'Job change',
  tech_research: 'Tech research',
};

export const portalAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['active', 'paused']),
  active: z.boolean(),
  signalTypes: z.array(z.string()),
  queries: z.array(z.string()),
  sources: z.array(z.string()),
  threshold: z.number(),
  schedule: z.string(),
  lastRunAt: z.string().nullish(),
  createdAt: z.string(),
});
export type PortalAgent = z.infer<typeof portalAgentSchema>;

const agentsSchema = z.object({ agents: z.array(portalAgentSchema), mayEdit: z.boolean() });

export const usePortalAgents = () =>
  useQuery({ queryKey: workspaceKeys.agents(), queryFn: () => apiRequest('/api/client/agents', { schema: agentsSchema }) });

/** The agent form: what a client's people may change (the rest is the admin's). */
export const agentEditSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(200, 'At most 200 characters'),
  // One query per line; the server checks the query language.
  queries: z
    .string()
    .max(20 * 301)
    .refine((v) => lines(v).length <= 20, 'At most 20 queries')
    .refine((v) => lines(v).every((q) => q.length <= 300), 'A query has at most 300 characters'),
  signalTypes: z.array(z.enum(signalTypes)),
  active: z.boolean(),
});
export type AgentEdit = z.infer<typeof agentEditSchema>;

/** The non-empty trimmed lines of a text. */
export const lines = (v: string) =>
  v
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

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

export const portalChannelSchema = z.object({
  id: z.string(),
  kind: z.string(),
  target: z.string(),
  cadence: z.string(),
  status: z.enum(['active', 'disabled', 'paused']),
  disabledReason: z.string().nullish(),
  failingSince: z.string().nullish(),
  createdAt: z.string(),
});
export type PortalChannel = z.infer<typeof portalChannelSchema>;

const channelsSchema = z.object({ channels: z.array(portalChannelSchema), mayEdit: z.boolean(), mailConfigured: z.boolean() });

export const usePortalChannels = () =>
  useQuery({ queryKey: workspaceKeys.channels(), queryFn: () => apiRequest('/api/client/channels', { schema: channelsSchema }) });

export function useCreatePortalChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: string; target: string; cadence: string }) =>
      apiRequest('/api/client/channels', { method: 'POST', body, schema: z.object({ id: z.string(), secret: z.string().nullish() }) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: workspaceKeys.channels() }),
  });
}

export function useEnablePortalChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/client/channels/${encodeURIComponent(id)}/enable`, { method: 'POST', schema: z.object({ requeued: z.number() }) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: workspaceKeys.channels() }),
  });
}

export const portalTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()).default(['leads:read']),
  createdBy: z.string().nullish(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullish(),
});
export type PortalToken = z.infer<typeof portalTokenSchema>;

export const usePortalTokens = () =>
  useQuery({
    queryKey: workspaceKeys.tokens(),
    queryFn: () => apiRequest('/api/client/tokens', { schema: z.object({ tokens: z.array(portalTokenSchema) }) }),
  });

export const tokenNameSchema = z.object({
  name: z.string().trim().min(1, 'Name the token').max(100, 'At most 100 characters'),
  scopes: z.array(z.enum(scopeIds)).min(1, 'Choose at least one scope'),
});
export type TokenName = z.infer<typeof tokenNameSchema>;

export function useCreatePortalToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TokenName) =>
      apiRequest('/api/client/tokens', {
        method: 'POST',
        body: { name: body.name.trim(), scopes: scopeIds.filter((s) => body.scopes.includes(s)) },
        schema: z.object({ id: z.string(), token: z.string(), name: z.string(), scopes: z.array(z.string()).default([]) }),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: workspaceKeys.tokens() }),
  });
}

export function useRevokePortalToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/client/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: workspaceKeys.tokens() }),
  });
}
