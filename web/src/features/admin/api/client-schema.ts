import { z } from 'zod';

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
