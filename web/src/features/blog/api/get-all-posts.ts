import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { postListSchema, type Post } from './post-schema';
import { blogKeys } from './query-keys';

/** GET /api/admin/blog/posts: every post, drafts included (admin session). */
export function getAllPosts(): Promise<Post[]> {
  return apiRequest('/api/admin/blog/posts', { schema: postListSchema });
}

export const allPostsQueryOptions = () => queryOptions({ queryKey: blogKeys.admin(), queryFn: getAllPosts });

export function useAllPosts(enabled = true) {
  return useQuery({ ...allPostsQueryOptions(), enabled });
}
