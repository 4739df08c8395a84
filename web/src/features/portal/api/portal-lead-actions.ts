import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { clientLeadSchema, clientLeadStates, type LeadState } from '@/lib/clients/lead-schema';
import { portalKeys } from './query-keys';

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
