import { z } from 'zod';
import { scopeIds } from '@/lib/api-token-scopes';

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

export const adminTokenFormSchema = z.object({
  name: z.string().trim().min(1, 'Name the token').max(100, 'At most 100 characters'),
  scopes: z.array(z.enum(scopeIds)).min(1, 'Choose at least one scope'),
});

export type AdminTokenForm = z.infer<typeof adminTokenFormSchema>;
