import { ApiError, apiRequest } from '@/lib/admin/api-client';
import { postSchema, type Post } from './post-schema';

/** GET /api/blog/posts/{slug}: one published post, or null when there is none (blogPosts.getBySlug). */
export async function getPost(slug: string): Promise<Post | null> {
  try {
    return await apiRequest(`/api/blog/posts/${encodeURIComponent(slug)}`, { schema: postSchema });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
