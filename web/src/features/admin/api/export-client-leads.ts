import { leadQuery, type LeadFilters } from '@/lib/clients/lead-schema';

export const clientLeadsCsvUrl = (clientId: string, filters: LeadFilters) =>
  `/api/admin/clients/${clientId}/leads.csv${leadQuery(filters)}`;
