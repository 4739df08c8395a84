import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { clientLeadSchema, leadPageSchema, leadQuery, inboxPageQuery, type LeadFilters, type LeadState } from '@/lib/clients/lead-schema';
import { adminKeys } from './query-keys';

/** A client workspace (docs/api.md "Client"). */
export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  icp: z.record(z.string(), z.unknown()).nullish(),
  settings: z.record(z.string(), z.unknown()).nullish(),
  contact: z.object({ name: z.string(), email: z.string(), status: z.string() }).nullish(),
  submissionId: z.string().nullish(),
  createdAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

/** A client as the console's list shows it: with its month's leads, last run, failing sources and failed deliveries. */
export const clientSummarySchema = clientSchema.extend({
  leadsThisMonth: z.number(),
  lastRun: z.object({ at: z.string(), status: z.string() }).nullable(),
  failingSources: z.array(z.string()),
  failedDeliveries: z.number(),
  alertingChannels: z.number().nullish(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

export const useClients = () =>
  useQuery({
    queryKey: adminKeys.clients(),
    queryFn: () => apiRequest('/api/admin/clients', { schema: z.object({ clients: z.array(clientSummarySchema) }) }),
  });

export const useClient = (id: string) =>
  useQuery({ queryKey: adminKeys.client(id), queryFn: () => apiRequest(`/api/admin/clients/${id}`, { schema: clientSchema }) });

/** A new client, with notes on the channels its onboarding asked for that could not be made. */
const createdClientSchema = clientSchema.extend({ notes: z.array(z.string()).nullish() });

/** POST /api/admin/clients: from an onboarding submission or blank. */
export function useCreateClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { fromSubmission: string } | { name: string }) =>
      apiRequest('/api/admin/clients', { method: 'POST', body, schema: createdClientSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.clients() }),
  });
}

/** PATCH /api/admin/clients/{id}: the fields it names; an icp replaces the ICP whole. */
export function useUpdateClient(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { icp?: Record<string, unknown>; status?: string; name?: string; settings?: Record<string, unknown> }) =>
      apiRequest(`/api/admin/clients/${id}`, { method: 'PATCH', body, schema: clientSchema }),
    onSuccess: (c) => {
      qc.setQueryData(adminKeys.client(id), c);
      void qc.invalidateQueries({ queryKey: adminKeys.clients() });
    },
  });
}

/** POST /api/admin/clients/{id}/invites: an invite link to pass on, bound to an email when one is given. */
export function useCreateInvite(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (email?: string) =>
      apiRequest(`/api/admin/clients/${clientId}/invites`, {
        method: 'POST',
        body: email ? { email } : {},
        schema: z.object({
          url: z.string(),
          email: z.string().nullish(),
          expiresAt: z.string(),
          emailed: z.boolean().nullish(),
          emailError: z.string().nullish(),
        }),
      }),
    // The server marks the contact "invited": read the client again so the panel says so.
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.client(clientId) }),
  });
}

export const fetchClientLeads = (clientId: string, filters: LeadFilters, cursor: string) =>
  apiRequest(`/api/admin/clients/${clientId}/leads${inboxPageQuery(filters, cursor)}`, { schema: leadPageSchema });

export const clientLeadsCsvUrl = (clientId: string, filters: LeadFilters) =>
  `/api/admin/clients/${clientId}/leads.csv${leadQuery(filters)}`;

/** Feedback and state moves on one lead; the inbox is refetched after. */
export function useLeadActions(clientId: string) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: adminKeys.clientLeads(clientId) });
  return {
    onFeedback: (id: string, verdict: 'good' | 'noise', reason: string) =>
      apiRequest(`/api/admin/client-leads/${id}/feedback`, { method: 'POST', body: { verdict, reason }, schema: clientLeadSchema }).then(
        refresh,
      ),
    onState: (id: string, state: LeadState) =>
      apiRequest(`/api/admin/client-leads/${id}`, { method: 'PATCH', body: { state }, schema: clientLeadSchema }).then(refresh),
    onNote: (id: string, note: string, owner: string) =>
      apiRequest(`/api/admin/client-leads/${id}`, { method: 'PATCH', body: { note, owner }, schema: clientLeadSchema }).then(refresh),
  };
}
