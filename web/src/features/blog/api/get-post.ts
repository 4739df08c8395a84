import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/admin/api-client';
import { postSchema, type Post } from './post-schema';
import { blogKeys } from './query-keys';
import { embeddedPost } from '../lib/page-data';

/** GET /api/blog/posts/{slug}: one published post, or null when there is none (blogPosts.getBySlug). */
export async function getPost(slug: string): Promise<Post | null> {
  try {
    return await apiRequest(`/api/blog/posts/${encodeURIComponent(slug)}`, { schema: postSchema });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The query is skipped when there is no slug (spec 001 §5). */
export const postQueryOptions = (slug: string | undefined) =>
  queryOptions({
    queryKey: blogKeys.post(slug ?? ''),
    queryFn: () => getPost(slug ?? ''),
    enabled: Boolean(slug),
    staleTime: 30_000,
  });

/** One post; on the page the server rendered, its embedded copy is the first answer. */
export function usePost(slug: string | undefined) {
  return useQuery({ ...postQueryOptions(slug), ...embeddedPost(slug) });
}
