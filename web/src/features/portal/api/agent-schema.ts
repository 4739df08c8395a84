import { z } from 'zod';

// The client's own workspace in the portal: agents (docs/api.md "Client portal").

/** The signal types an agent can watch (internal/engine SignalTypes). */
export const signalTypes = ['hiring_activity', 'funding_event', 'competitor_engagement', 'job_change', 'tech_research'] as const;

export const signalLabels: Record<(typeof signalTypes)[number], string> = {
  hiring_activity: 'Hiring',
  funding_event: 'Funding',
  competitor_engagement: 'Competitor engagement',
  job_change: 'Job change',
  tech_research: 'Tech research',
};

export const portalAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['active', 'paused']),
  active: z.boolean(),
  signalTypes: z.array(z.string()),
  queries: z.array(z.string()),
  sources: z.array(z.string()),
  threshold: z.number(),
  schedule: z.string(),
  lastRunAt: z.string().nullish(),
  createdAt: z.string(),
});

export type PortalAgent = z.infer<typeof portalAgentSchema>;

/** The agent form: what a client's people may change (the rest is the admin's). */
export const agentEditSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(200, 'At most 200 characters'),
  // One query per line; the server checks the query language.
  queries: z
    .string()
    .max(20 * 301)
    .refine((v) => lines(v).length <= 20, 'At most 20 queries')
    .refine((v) => lines(v).every((q) => q.length <= 300), 'A query has at most 300 characters'),
  signalTypes: z.array(z.enum(signalTypes)),
  active: z.boolean(),
});

export type AgentEdit = z.infer<typeof agentEditSchema>;

/** The non-empty trimmed lines of a text. */
export const lines = (v: string) =>
  v
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
