import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';

/** One source's health, as GET /api/admin/sources answers it (docs/api.md, "Source health"). */
export const sourceHealthSchema = z.object({
  source: z.string(),
  state: z.enum(['ok', 'degraded', 'failing', 'disabled', 'unconfigured']),
  detail: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string(),
  failingSince: z.string().nullable(),
  pausedUntil: z.string().nullable(),
  fetches24h: z.number(),
  posts24h: z.number(),
  errors24h: z.number(),
  rateLimits24h: z.number(),
});
export type SourceHealth = z.infer<typeof sourceHealthSchema>;

const sourcesSchema = z.object({ sources: z.array(sourceHealthSchema) });

/** GET /api/admin/sources: every source's state, last success and error, 24-hour counts. */
export async function getSources(): Promise<SourceHealth[]> {
  const res = await apiRequest('/api/admin/sources', { schema: sourcesSchema });
  return res.sources;
}

export const sourcesQueryOptions = () => queryOptions({ queryKey: adminKeys.sources(), queryFn: getSources, refetchInterval: 60_000 });

export function useSources() {
  return useQuery(sourcesQueryOptions());
}
