import { z } from 'zod';
import { scopeIds } from '@/lib/api-token-scopes';

export const portalTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()).default(['leads:read']),
  createdBy: z.string().nullish(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullish(),
});

export type PortalToken = z.infer<typeof portalTokenSchema>;

export const tokenNameSchema = z.object({
  name: z.string().trim().min(1, 'Name the token').max(100, 'At most 100 characters'),
  scopes: z.array(z.enum(scopeIds)).min(1, 'Choose at least one scope'),
});

export type TokenName = z.infer<typeof tokenNameSchema>;
