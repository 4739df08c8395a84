import { z } from 'zod';

export const agentSchema = z.object({
  id: z.string(),
  name: z.string(),
  template: z.string().nullish(),
  signalTypes: z.array(z.string()).nullish(),
  queries: z.array(z.string()).nullish(),
  /** The sources it reads; empty: every source. */
  sources: z.array(z.string()).nullish(),
  schedule: z.string(),
  threshold: z.number(),
  active: z.boolean(),
  lastRunAt: z.string().nullish(),
  /** The agent's own ICP; null: the client's. */
  icp: z.record(z.string(), z.unknown()).nullish(),
});

export type Agent = z.infer<typeof agentSchema>;

/** One run (docs/api.md "Run"). */
export const runSchema = z.object({
  id: z.string(),
  /** interrupted: its instance stopped heartbeating; the retry starts within seconds. */
  status: z.enum(['running', 'interrupted', 'complete', 'partial', 'failed']),
  postsRead: z.number(),
  leadsAdded: z.number(),
  error: z.string().nullish(),
  startedAt: z.string(),
  finishedAt: z.string().nullish(),
  attempt: z.number().nullish(),
  /** When its instance was last found dead (the run was retried since). */
  interruptedAt: z.string().nullish(),
});

export type Run = z.infer<typeof runSchema>;

/** What an agent learned from its client's feedback (docs/clients.md §4.2). */
export const tuningSchema = z.object({
  agentId: z.string(),
  active: z.boolean(),
  judged: z.number(),
  good: z.number(),
  noise: z.number(),
  terms: z.array(z.object({ term: z.string(), weight: z.number(), good: z.number(), noise: z.number() })),
  summary: z.array(z.string()),
  resetAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
});

export type Tuning = z.infer<typeof tuningSchema>;
