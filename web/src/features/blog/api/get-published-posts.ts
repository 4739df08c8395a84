import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { postListSchema, type Post } from './post-schema';
import { blogKeys } from './query-keys';

/** GET /api/blog/posts: published posts, newest first (blogPosts.getPublished). */
export function getPublishedPosts(): Promise<Post[]> {
  return apiRequest('/api/blog/posts', { schema: postListSchema });
}

export const publishedPostsQueryOptions = () =>
  queryOptions({ queryKey: blogKeys.published(), queryFn: getPublishedPosts, staleTime: 30_000 });

export function usePublishedPosts() {
  return useQuery(publishedPostsQueryOptions());
}
