import { apiRequest } from '@/lib/admin/api-client';
import { leadPageSchema, inboxPageQuery, type LeadFilters } from '@/lib/clients/lead-schema';

export const fetchClientLeads = (clientId: string, filters: LeadFilters, cursor: string) =>
  apiRequest(`/api/admin/clients/${clientId}/leads${inboxPageQuery(filters, cursor)}`, { schema: leadPageSchema });
