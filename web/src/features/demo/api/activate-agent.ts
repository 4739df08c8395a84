import { apiRequest } from '@/lib/admin/api-client';

// Hand-checked answers, as in stored-data.ts: zod would weigh on the demo's JavaScript.

export interface NamedItem {
  id: string;
  name: string;
}

function named(v: unknown): NamedItem | null {
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Record<string, unknown>;
  const name = typeof r.name === 'string' ? r.name : typeof r.title === 'string' ? r.title : null;
  return typeof r.id === 'string' && name !== null ? { id: r.id, name } : null;
}

function namedList(key: string) {
  return {
    parse(body: unknown): NamedItem[] {
      const list = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : null;
      return Array.isArray(list) ? list.map(named).filter((x): x is NamedItem => x !== null) : [];
    },
  };
}

const one = {
  parse(body: unknown): NamedItem {
    const item = named(body);
    if (!item) throw new Error('Unexpected answer from the server');
    return item;
  },
};

/** GET /api/admin/clients: the clients an agent can be made for. */
export const getClients = () => apiRequest('/api/admin/clients', { schema: namedList('clients') });

/** GET /api/admin/agent-templates: the ten campaign templates (id and title). */
export const getTemplates = () => apiRequest('/api/admin/agent-templates', { schema: namedList('templates') });

/** POST /api/admin/clients: a blank client with the name. */
export const createClient = (name: string) => apiRequest('/api/admin/clients', { method: 'POST', body: { name }, schema: one });

/** POST /api/admin/clients/{id}/agents with {"template"}: the agent, with the client's ICP and the template's signals. */
export const createAgent = (clientId: string, template: string) =>
  apiRequest(`/api/admin/clients/${encodeURIComponent(clientId)}/agents`, { method: 'POST', body: { template }, schema: one });

/** Where the console opens a client's page: its Agents tab, where the agent just activated is. */
export const clientPageUrl = (clientId: string) => `/admin?${new URLSearchParams({ client: clientId, tab: 'agents' })}`;
