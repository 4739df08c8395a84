import { z } from 'zod';

/** Inbox states, in their usual order (docs/clients.md §4). */
export const leadStates = ['new', 'reviewed', 'contacted', 'meeting_booked', 'won', 'lost'] as const;
export type LeadState = (typeof leadStates)[number];

/** The states a client's own people set (their sales workflow; "reviewed" is the owner's). */
export const clientLeadStates = ['new', 'contacted', 'meeting_booked', 'won', 'lost'] as const satisfies readonly LeadState[];

/** A lead's review before delivery: only approved leads reach the client. */
export const reviewStates = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof reviewStates)[number];

export const tiers = ['hot', 'warm', 'other'] as const;

/** The engine's lead as the inbox shows it (the fields it reads; others pass through). */
const engineLeadSchema = z
  .object({
    name: z.string().nullish(),
    title: z.string().nullish(),
    company: z.string().nullish(),
    email: z.string().nullish(),
    signal: z.string().nullish(),
    fullContext: z.string().nullish(),
    platform: z.string().nullish(),
    publishedAt: z.string().nullish(),
    fit: z
      .object({ reasons: z.array(z.string()).nullish() })
      .partial()
      .nullish(),
    detection: z
      .object({ cueLabels: z.array(z.string()).nullish() })
      .partial()
      .nullish(),
    draft: z.object({ subject: z.string().nullish(), body: z.string().nullish() }).partial().nullish(),
  })
  .passthrough();

/** One delivered lead (docs/api.md "ClientLead"). */
export const clientLeadSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  agentId: z.string().nullish(),
  url: z.string(),
  tier: z.string(),
  signalType: z.string(),
  score: z.number(),
  lead: engineLeadSchema,
  state: z.enum(leadStates),
  feedback: z.object({ verdict: z.enum(['good', 'noise']), reason: z.string() }).nullish(),
  note: z.string().nullish(),
  owner: z.string().nullish(),
  review: z.enum(reviewStates).nullish(),
  createdAt: z.string(),
  /** The company's account when it says more than this lead (docs/api.md "ClientLead"). */
  account: z
    .object({
      id: z.string(),
      name: z.string(),
      score: z.number(),
      whyNow: z.string(),
      signals: z.number(),
      postscript: z.string().optional(),
    })
    .nullish(),
});

export type ClientLead = z.infer<typeof clientLeadSchema>;

/** GET …/leads answer: a page and the cursor of the next ("" after the last). */
export const leadPageSchema = z.object({ leads: z.array(clientLeadSchema), nextCursor: z.string() });
export type LeadPage = z.infer<typeof leadPageSchema>;

/** Inbox filters the server understands. */
export interface LeadFilters {
  state?: string;
  tier?: string;
  /** A signal type (funding_event, …). */
  signal?: string;
  /** An agent's id. */
  agent?: string;
  /** A date (2026-01-31): leads delivered since then. */
  since?: string;
  /** The order: 'score' best first, 'newest' newest first; absent, the server's default (newest first). */
  sort?: 'newest' | 'score';
}

/** The five signal types, for the inbox's filter. */
export const signalTypes = ['hiring_activity', 'funding_event', 'competitor_engagement', 'job_change', 'tech_research'] as const;

/** The query string of an inbox page (or the CSV export, without cursor). */
export function leadQuery(filters: LeadFilters, cursor?: string, limit?: number): string {
  const q = new URLSearchParams();
  if (filters.state) q.set('state', filters.state);
  if (filters.tier) q.set('tier', filters.tier);
  if (filters.signal) q.set('signal', filters.signal);
  if (filters.agent) q.set('agent', filters.agent);
  if (filters.since) q.set('since', filters.since);
  if (filters.sort) q.set('sort', filters.sort);
  if (cursor) q.set('cursor', cursor);
  if (limit) q.set('limit', String(limit));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The query string of an inbox page: best first (sort=score) unless another order is chosen. */
export function inboxPageQuery(filters: LeadFilters, cursor: string): string {
  return leadQuery({ ...filters, sort: filters.sort ?? 'score' }, cursor);
}
