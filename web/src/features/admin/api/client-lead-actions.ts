import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { clientLeadSchema, type LeadState } from '@/lib/clients/lead-schema';
import { adminKeys } from './query-keys';

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
