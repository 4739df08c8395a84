import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { scopeIds } from '@/lib/api-token-scopes';
import { adminKeys } from './query-keys';
import type { AdminTokenForm } from './admin-token-schema';

export function useCreateAdminToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTokenForm) =>
      apiRequest('/api/admin/tokens', {
        method: 'POST',
        body: { name: body.name.trim(), scopes: scopeIds.filter((s) => body.scopes.includes(s)) },
        schema: z.object({ id: z.string(), token: z.string(), name: z.string(), scopes: z.array(z.string()) }),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.adminTokens() }),
  });
}
