import { apiRequest } from '@/lib/admin/api-client';
import { leadPageSchema, inboxPageQuery, type LeadFilters } from '@/lib/clients/lead-schema';

export const fetchPortalLeads = (filters: LeadFilters, cursor: string) =>
  apiRequest(`/api/client/leads${inboxPageQuery(filters, cursor)}`, { schema: leadPageSchema });
