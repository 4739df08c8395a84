import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, isUnauthorized, setCsrfToken } from '@/lib/admin/api-client';
import {
  clientLeadSchema,
  clientLeadStates,
  leadPageSchema,
  inboxPageQuery,
  type LeadFilters,
  type LeadState,
} from '@/lib/clients/lead-schema';

import { portalKeys } from './query-keys';
import { portalBrandSchema } from '../lib/brand';

export { portalKeys } from './query-keys';

const meSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  client: z.object({ id: z.string(), name: z.string(), status: z.string(), portalMayEdit: z.boolean().optional() }),
  brand: portalBrandSchema.optional(),
});
export type PortalMe = z.infer<typeof meSchema>;

/** The readable hint cookie the server sets beside the client session cookie (docs/api.md "Client portal"). */
export const mayHaveClientSession = (cookies: string = typeof document === 'undefined' ? '' : document.cookie) =>
  cookies.split(';').some((c) => c.trim().startsWith('sp_client='));

/** The signed-in client user and its client, or null when signed out; remembers the session's CSRF token. */
export async function getPortalMe(): Promise<PortalMe | null> {
  if (!mayHaveClientSession()) return null;
  try {
    const session = await apiRequest('/api/client/session', { schema: z.object({ csrfToken: z.string() }) });
    setCsrfToken(session.csrfToken);
    return await apiRequest('/api/client/me', { schema: meSchema });
  } catch (err) {
    if (isUnauthorized(err)) return null;
    throw err;
  }
}

export const usePortalMe = () => useQuery({ queryKey: portalKeys.me(), queryFn: getPortalMe, retry: false });

const signedInSchema = z.object({ csrfToken: z.string() });

/** POST /api/client/invites/accept: sets the password and signs in. */
export const useAcceptInvite = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string; email?: string }) =>
      apiRequest('/api/client/invites/accept', { method: 'POST', body, schema: signedInSchema }).then((s) => setCsrfToken(s.csrfToken)),
  });

/** POST /api/client/login. */
export const usePortalLogin = () =>
  useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      apiRequest('/api/client/login', { method: 'POST', body, schema: signedInSchema }).then((s) => setCsrfToken(s.csrfToken)),
  });

/** POST /api/client/logout; whatever the answer, the portal forgets the session. */
export function usePortalLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/client/logout', { method: 'POST' }),
    onSettled: () => {
      setCsrfToken(null);
      qc.removeQueries({ queryKey: portalKeys.leads() });
      qc.setQueryData(portalKeys.me(), null);
    },
  });
}

export const fetchPortalLeads = (filters: LeadFilters, cursor: string) =>
  apiRequest(`/api/client/leads${inboxPageQuery(filters, cursor)}`, { schema: leadPageSchema });

/** Feedback, the sales workflow's state and a note from the client's own people (PATCH /api/client/leads/{id}); the inbox is refetched after. */
export function usePortalLeadActions() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: portalKeys.leads() });
  return {
    onFeedback: (id: string, verdict: 'good' | 'noise', reason: string) =>
      apiRequest(`/api/client/leads/${id}/feedback`, { method: 'POST', body: { verdict, reason }, schema: clientLeadSchema }).then(refresh),
    onState: (id: string, state: LeadState) =>
      apiRequest(`/api/client/leads/${id}`, { method: 'PATCH', body: { state }, schema: clientLeadSchema }).then(refresh),
    onNote: (id: string, note: string) =>
      apiRequest(`/api/client/leads/${id}`, { method: 'PATCH', body: { note }, schema: clientLeadSchema }).then(refresh),
    states: clientLeadStates,
    noteOwner: false,
  };
}
