import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { featuredLimit } from '../lib/constants';
import { postListSchema, type Post } from './post-schema';
import { blogKeys } from './query-keys';

/** GET /api/blog/posts/featured: up to `limit` featured posts (blogPosts.getFeatured). */
export function getFeaturedPosts(limit = featuredLimit): Promise<Post[]> {
  return apiRequest(`/api/blog/posts/featured?limit=${limit}`, { schema: postListSchema });
}

export const featuredPostsQueryOptions = (limit = featuredLimit) =>
  queryOptions({ queryKey: blogKeys.featured(limit), queryFn: () => getFeaturedPosts(limit), staleTime: 30_000 });

export function useFeaturedPosts(limit = featuredLimit) {
  return useQuery(featuredPostsQueryOptions(limit));
}
