/** Query keys of the client portal (issue 28 item 8: one file, as admin/api and blog/api have). */
export const portalKeys = {
  all: ['portal'] as const,
  me: () => [...portalKeys.all, 'me'] as const,
  leads: () => [...portalKeys.all, 'leads'] as const,
  /** Under leads(), so feedback's refresh and sign-out reach it too. */
  lead: (id: string) => [...portalKeys.leads(), 'one', id] as const,
  agents: () => [...portalKeys.all, 'agents'] as const,
  channels: () => [...portalKeys.all, 'channels'] as const,
  tokens: () => [...portalKeys.all, 'tokens'] as const,
  accounts: () => [...portalKeys.all, 'accounts'] as const,
};

/** The workspace's keys (agents, channels, tokens), under the portal's. */
export const workspaceKeys = {
  agents: portalKeys.agents,
  channels: portalKeys.channels,
  tokens: portalKeys.tokens,
};
