import { z } from 'zod';

/** A stored admin search (docs/api.md "Job"). */
export const searchSchema = z.object({
  id: z.string(),
  status: z.string(),
  owner: z.string(),
  icp: z.record(z.string(), z.unknown()).nullish(),
  queries: z.array(z.string()).nullish(),
  leadCount: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullish(),
  clientId: z.string().nullish(),
});

export type Search = z.infer<typeof searchSchema>;

export const searchPageSchema = z.object({ searches: z.array(searchSchema), nextCursor: z.string() });

/** A lead as a search keeps it (the engine's lead). */
export const searchLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string().nullish(),
  company: z.string().nullish(),
  signal: z.string().nullish(),
  source: z.string().nullish(),
  intentScore: z.number(),
  intentTier: z.string(),
  url: z.string().nullish(),
});
