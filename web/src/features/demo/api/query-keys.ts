/** Query keys of the demo's reads of stored data, from one factory so reloads stay consistent. */
export const demoKeys = {
  all: ['demo'] as const,
  session: () => [...demoKeys.all, 'session'] as const,
  leads: () => [...demoKeys.all, 'leads', 'hot-and-warm'] as const,
  signalCount: () => [...demoKeys.all, 'signal-count'] as const,
  jobs: () => [...demoKeys.all, 'search-jobs'] as const,
  clients: () => [...demoKeys.all, 'clients'] as const,
  templates: () => [...demoKeys.all, 'agent-templates'] as const,
};
