import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';

export const queryPreviewSchema = z.object({
  /** How many of the scanned index candidates the queries pass. */
  count: z.number(),
  scanned: z.number(),
  /** The scan stopped at its cap: more posts may match. */
  more: z.boolean(),
  matches: z.array(
    z.object({
      title: z.string(),
      text: z.string(),
      url: z.string(),
      source: z.string(),
      author: z.string(),
      publishedAt: z.string().nullish(),
    }),
  ),
});
export type QueryPreview = z.infer<typeof queryPreviewSchema>;

/** POST /api/admin/clients/{id}/query-preview: what queries match in the posts index now. */
export const usePreviewAgentQueries = (clientId: string) =>
  useMutation({
    mutationFn: (queries: string[]) =>
      apiRequest(`/api/admin/clients/${clientId}/query-preview`, { method: 'POST', body: { queries }, schema: queryPreviewSchema }),
  });
