import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { portalKeys } from './query-keys';

// The client's accounts: companies of its approved leads, best first (docs/api.md "Accounts").

export const accountSignalSchema = z.object({
  type: z.string(),
  url: z.string(),
  at: z.string(),
  leadId: z.string().optional(),
  platform: z.string(),
  person: z.string(),
  title: z.string(),
  summary: z.string(),
});

export const accountPersonSchema = z.object({
  name: z.string(),
  title: z.string(),
  showedUp: z.array(z.string()),
  state: z.string(),
});

export const accountSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  score: z.number(),
  whyNow: z.string(),
  signals: z.array(accountSignalSchema),
  people: z.array(accountPersonSchema),
});
export type Account = z.infer<typeof accountSchema>;

const pageSchema = z.object({ accounts: z.array(accountSchema), nextCursor: z.string() });

/** The first 100 accounts, best first. */
export const usePortalAccounts = () =>
  useQuery({
    queryKey: portalKeys.accounts(),
    queryFn: () => apiRequest('/api/client/accounts?limit=100', { schema: pageSchema }),
  });
