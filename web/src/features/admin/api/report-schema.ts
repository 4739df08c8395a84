import { z } from 'zod';

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
