import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { workspaceKeys } from './query-keys';

export function useEnablePortalChannel() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/client/channels/${encodeURIComponent(id)}/enable`, { method: 'POST', schema: z.object({ requeued: z.number() }) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: workspaceKeys.channels() }),
  });
}
