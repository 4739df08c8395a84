import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { reportSchema } from './report-schema';
import { type ReportWindow, windowQuery } from './report-window';

export const useClientReport = (id: string, w: ReportWindow, enabled = true) =>
  useQuery({
    queryKey: [...adminKeys.report(id), w],
    enabled,
    queryFn: () => apiRequest(`/api/admin/clients/${id}/report${windowQuery(w)}`, { schema: reportSchema }),
  });
