import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';

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
