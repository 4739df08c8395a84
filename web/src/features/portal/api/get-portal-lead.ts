import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/admin/api-client';
import { clientLeadSchema, type ClientLead } from '@/lib/clients/lead-schema';
import { portalKeys } from './query-keys';

/**
 * One of the signed-in client's approved leads (GET /api/client/leads/{id}), or null when the client
 * may not see it: no such lead, a pending or rejected one, another client's (all 404).
 */
export async function getPortalLead(id: string): Promise<ClientLead | null> {
  try {
    return await apiRequest(`/api/client/leads/${encodeURIComponent(id)}`, { schema: clientLeadSchema });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The lead an email links to (/portal?lead=<id>), fetched only when enabled (not on the inbox's page). */
export const usePortalLead = (id: string, enabled: boolean) =>
  useQuery({ queryKey: portalKeys.lead(id), queryFn: () => getPortalLead(id), enabled });
