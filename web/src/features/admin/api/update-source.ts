import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { sourceHealthSchema, type SourceHealth } from './get-sources';

/** A change to one source: its switch and option values ("" clears what the console saved). */
export interface SourceUpdate {
  enabled?: boolean;
  values?: Record<string, string>;
}

/** PATCH /api/admin/sources/{name}: 200 the source's line; 400 field errors; 409 without SECRETS_KEY. */
export function updateSource(name: string, update: SourceUpdate): Promise<SourceHealth> {
  return apiRequest(`/api/admin/sources/${encodeURIComponent(name)}`, { method: 'PATCH', body: update, schema: sourceHealthSchema });
}

export function useUpdateSource(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SourceUpdate) => updateSource(name, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.sources() }),
  });
}

const testResultSchema = z.object({ ok: z.boolean(), posts: z.number(), tookMs: z.number(), error: z.string().optional() });
export type SourceTestResult = z.infer<typeof testResultSchema>;

/** POST /api/admin/sources/{name}/test: one small real fetch; 409 when not configured. */
export function testSource(name: string): Promise<SourceTestResult> {
  return apiRequest(`/api/admin/sources/${encodeURIComponent(name)}/test`, { method: 'POST', schema: testResultSchema });
}

export function useTestSource(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => testSource(name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.sources() }),
  });
}
