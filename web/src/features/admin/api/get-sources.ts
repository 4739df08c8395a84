import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';

/** One option of a source the console may set; a credential is never sent back, only set or not. */
export const sourceFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  secret: z.boolean(),
  set: z.boolean(),
  from: z.enum(['environment', 'console', '']),
  value: z.string().optional(),
  last4: z.string().optional(),
});
export type SourceField = z.infer<typeof sourceFieldSchema>;

/** What the console may change of a source (docs/api.md, "Source health": SourceSettings). */
export const sourceSettingsSchema = z.object({
  enabled: z.boolean(),
  enabledBy: z.enum(['environment', 'console', 'default']),
  switch: z.string(),
  fields: z.array(sourceFieldSchema),
  problem: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string(),
  canSaveCredentials: z.boolean(),
});
export type SourceSettings = z.infer<typeof sourceSettingsSchema>;

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
  kind: z.enum(['live', 'board', 'stream', 'index', 'import']).optional(),
  postsStored: z.number().optional(),
  settings: sourceSettingsSchema.optional(),
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
