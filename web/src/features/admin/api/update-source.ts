import { useMutation, useQueryClient } from '@tanstack/react-query';
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
