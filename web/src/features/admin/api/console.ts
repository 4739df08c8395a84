import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import type { SubmissionKind } from './submission-schema';

/** GET /api/admin/badges and POST /api/admin/badges/seen: unseen submissions per kind. */
export const badgesSchema = z.object({ booking: z.number().int().nonnegative(), onboarding: z.number().int().nonnegative() });
export type Badges = z.infer<typeof badgesSchema>;

/** The console's badges; polled each minute so a new booking shows without a reload. */
export const useBadges = () =>
  useQuery({
    queryKey: adminKeys.badges(),
    queryFn: () => apiRequest('/api/admin/badges', { schema: badgesSchema }),
    refetchInterval: 60_000,
    retry: false,
  });

/** Marks a kind's submissions seen up to upTo (the newest one shown). */
export function useMarkSeen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, upTo }: { kind: SubmissionKind; upTo?: string }) =>
      apiRequest('/api/admin/badges/seen', { method: 'POST', body: upTo ? { kind, upTo } : { kind }, schema: badgesSchema }),
    onSuccess: (badges) => qc.setQueryData(adminKeys.badges(), badges),
  });
}

/** One newsletter sign-up. */
export const subscriberSchema = z.object({ email: z.string(), createdAt: z.string() });
export const subscriberPageSchema = z.object({
  items: z.array(subscriberSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});

export const useSubscribers = (page: number, pageSize: number) =>
  useQuery({
    queryKey: adminKeys.newsletter(page, pageSize),
    queryFn: () =>
      apiRequest(`/api/admin/newsletter?${new URLSearchParams({ page: String(page), pageSize: String(pageSize) })}`, {
        schema: subscriberPageSchema,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/newsletter.csv: the server's export (every sign-up, formula-safe cells); a plain link downloads it. */
export const newsletterCsvUrl = '/api/admin/newsletter.csv';

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

export const fetchSearches = (cursor: string) =>
  apiRequest(`/api/admin/searches?${new URLSearchParams(cursor ? { limit: '25', cursor } : { limit: '25' })}`, {
    schema: searchPageSchema,
  });

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

export const useSearch = (id: string) =>
  useQuery({
    queryKey: adminKeys.search(id),
    queryFn: () =>
      apiRequest(`/api/admin/searches/${encodeURIComponent(id)}`, {
        schema: z.object({ search: searchSchema, leads: z.array(searchLeadSchema) }),
      }),
  });

/** POST /api/admin/searches/{id}/file: the search's leads into a client's inbox. */
export function useFileSearch(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) =>
      apiRequest(`/api/admin/searches/${encodeURIComponent(id)}/file`, {
        method: 'POST',
        body: { clientId },
        schema: z.object({ clientId: z.string(), added: z.number(), skipped: z.number() }),
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.searches() });
      void qc.invalidateQueries({ queryKey: adminKeys.clients() });
    },
  });
}
