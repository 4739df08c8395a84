import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { scopeIds } from '@/lib/api-token-scopes';
import { adminKeys } from './query-keys';

/** Admin tokens (docs/api.md "MCP server"): an assistant's key to every client through /mcp. */
export const adminTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  createdBy: z.string().nullish(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullish(),
});
export type AdminToken = z.infer<typeof adminTokenSchema>;

const tokensKey = () => [...adminKeys.all, 'admin-tokens'] as const;

export const useAdminTokens = () =>
  useQuery({
    queryKey: tokensKey(),
    queryFn: () => apiRequest('/api/admin/tokens', { schema: z.object({ tokens: z.array(adminTokenSchema) }) }),
  });

export const adminTokenFormSchema = z.object({
  name: z.string().trim().min(1, 'Name the token').max(100, 'At most 100 characters'),
  scopes: z.array(z.enum(scopeIds)).min(1, 'Choose at least one scope'),
});
export type AdminTokenForm = z.infer<typeof adminTokenFormSchema>;

export function useCreateAdminToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTokenForm) =>
      apiRequest('/api/admin/tokens', {
        method: 'POST',
        body: { name: body.name.trim(), scopes: scopeIds.filter((s) => body.scopes.includes(s)) },
        schema: z.object({ id: z.string(), token: z.string(), name: z.string(), scopes: z.array(z.string()) }),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tokensKey() }),
  });
}

export function useRevokeAdminToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/admin/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tokensKey() }),
  });
}
