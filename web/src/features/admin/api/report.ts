import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { clientSchema } from './clients';
import { adminKeys } from './query-keys';

const rate = z.number().nullable();

const countsSchema = z.object({
  leads: z.number(),
  pending: z.number(),
  approved: z.number(),
  rejected: z.number(),
  approvalRate: rate,
  good: z.number(),
  noise: z.number(),
  goodRate: rate,
});
export type ReportCounts = z.infer<typeof countsSchema>;

const precisionSchema = z.object({
  key: z.string(),
  name: z.string(),
  leads: z.number(),
  good: z.number(),
  noise: z.number(),
  precision: rate,
});
export type ReportPrecision = z.infer<typeof precisionSchema>;

/** GET /api/admin/clients/{id}/report (docs/clients.md "Reports"). */
export const reportSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  from: z.string(),
  to: z.string(),
  totals: countsSchema,
  states: z.record(z.string(), z.number()),
  weeks: z.array(countsSchema.extend({ week: z.string() })),
  agents: z.array(precisionSchema),
  sources: z.array(precisionSchema),
  exclusions: z.array(z.object({ term: z.string(), noise: z.number(), good: z.number(), weight: z.number() })),
  channels: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      label: z.string(),
      status: z.string(),
      deliveries: z.number(),
      delivered: z.number(),
      failed: z.number(),
      pending: z.number(),
      cancelled: z.number(),
      failedAttempts: z.number(),
      lastError: z.string(),
    }),
  ),
});
export type Report = z.infer<typeof reportSchema>;

/** The report's window: from and to (YYYY-MM-DD, to inclusive), or a month (YYYY-MM); nothing: the server's default (12 weeks). */
export type ReportWindow = { from?: string; to?: string } | { month: string };

const reportKey = (id: string) => [...adminKeys.client(id), 'report'] as const;

function windowQuery(w: ReportWindow): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(w)) if (typeof v === 'string' && v !== '') q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const useClientReport = (id: string, w: ReportWindow, enabled = true) =>
  useQuery({
    queryKey: [...reportKey(id), w],
    enabled,
    queryFn: () => apiRequest(`/api/admin/clients/${id}/report${windowQuery(w)}`, { schema: reportSchema }),
  });

/** The monthly report's PDF, made by the server's HTML-to-PDF converter. */
export const reportPdfUrl = (id: string, month: string) => `/api/admin/clients/${id}/report.pdf?month=${encodeURIComponent(month)}`;

/** The monthly report's printable page. */
export const reportPageUrl = (id: string, month: string) => `/admin/clients/${id}/report?month=${encodeURIComponent(month)}`;

/** POST /api/admin/clients/{id}/exclusions: a suggested term added to the ICP's exclusions. */
export function useAddExclusion(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (term: string) =>
      apiRequest(`/api/admin/clients/${id}/exclusions`, { method: 'POST', body: { term }, schema: clientSchema }),
    onSuccess: (c) => {
      qc.setQueryData(adminKeys.client(id), c);
      void qc.invalidateQueries({ queryKey: reportKey(id) });
    },
  });
}

/** This month, YYYY-MM (UTC). */
export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

/** The month before m (YYYY-MM). */
export function previousMonth(m: string): string {
  const [y, mo] = m.split('-').map(Number);
  const d = new Date(Date.UTC(y, mo - 2, 1));
  return d.toISOString().slice(0, 7);
}
