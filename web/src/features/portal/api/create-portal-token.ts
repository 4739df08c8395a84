import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { workspaceKeys } from './query-keys';
import { scopeIds } from '@/lib/api-token-scopes';
import type { TokenName } from './portal-token-schema';

export function useCreatePortalToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TokenName) =>
      apiRequest('/api/client/tokens', {
        method: 'POST',
        body: { name: body.name.trim(), scopes: scopeIds.filter((s) => body.scopes.includes(s)) },
        schema: z.object({ id: z.string(), token: z.string(), name: z.string(), scopes: z.array(z.string()).default([]) }),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: workspaceKeys.tokens() }),
  });
}
