import type { SubmissionKind } from './submission-schema';

/** Query keys of the admin console, from one factory so invalidation stays consistent. */
export const adminKeys = {
  all: ['admin'] as const,
  submissions: () => [...adminKeys.all, 'submissions'] as const,
  submissionList: (kind: SubmissionKind, page: number, pageSize: number) =>
    [...adminKeys.submissions(), 'list', { kind, page, pageSize }] as const,
  submission: (id: string) => [...adminKeys.submissions(), 'detail', id] as const,
  sources: () => [...adminKeys.all, 'sources'] as const,
  clients: () => [...adminKeys.all, 'clients'] as const,
  client: (id: string) => [...adminKeys.clients(), 'detail', id] as const,
  clientLeads: (id: string) => [...adminKeys.clients(), 'leads', id] as const,
  clientAccounts: (id: string) => [...adminKeys.clients(), 'accounts', id] as const,
  agents: (clientId: string) => [...adminKeys.clients(), 'agents', clientId] as const,
  agentTemplates: () => [...adminKeys.all, 'agent-templates'] as const,
  run: (id: string) => [...adminKeys.all, 'runs', id] as const,
  /** A client's feed (GET /api/admin/clients/{id}/feed). */
  feed: (clientId: string) => [...adminKeys.client(clientId), 'feed'] as const,
  /** A client's monthly report, under the client (its windows below it). */
  report: (clientId: string) => [...adminKeys.client(clientId), 'report'] as const,
  /** A client's review queue, under its leads so a lead's change refreshes it. */
  reviewQueue: (clientId: string) => [...adminKeys.clientLeads(clientId), 'review'] as const,
  channels: (clientId: string) => [...adminKeys.clients(), 'channels', clientId] as const,
  deliveries: (clientId: string) => [...adminKeys.clients(), 'deliveries', clientId] as const,
  notices: () => [...adminKeys.all, 'notices'] as const,
  tuning: (agentId: string) => [...adminKeys.all, 'tuning', agentId] as const,
  /** The admin tokens (GET /api/admin/tokens). */
  adminTokens: () => [...adminKeys.all, 'admin-tokens'] as const,
  badges: () => [...adminKeys.all, 'badges'] as const,
  newsletter: (page: number, pageSize: number) => [...adminKeys.all, 'newsletter', { page, pageSize }] as const,
  /** The agency's brand (GET /api/admin/brand). */
  brand: () => [...adminKeys.all, 'brand'] as const,
  searches: () => [...adminKeys.all, 'searches'] as const,
  search: (id: string) => [...adminKeys.searches(), 'detail', id] as const,
};
