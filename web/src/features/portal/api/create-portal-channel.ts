import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { workspaceKeys } from './query-keys';

export function useCreatePortalChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: string; target: string; cadence: string }) =>
      apiRequest('/api/client/channels', { method: 'POST', body, schema: z.object({ id: z.string(), secret: z.string().nullish() }) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: workspaceKeys.channels() }),
  });
}
