import { ApiError, apiRequest } from '@/lib/admin/api-client';
import { featuredLimit } from '../lib/constants';
import { categoryListSchema, postListSchema, postSchema, type Category, type Post } from './post-schema';

// The public reads as plain functions; their query hooks are in public-reads.ts.

/** GET /api/blog/posts: published posts, newest first (blogPosts.getPublished). */
export function getPublishedPosts(): Promise<Post[]> {
  return apiRequest('/api/blog/posts', { schema: postListSchema });
}

/** GET /api/blog/posts/featured: up to `limit` featured posts (blogPosts.getFeatured). */
export function getFeaturedPosts(limit = featuredLimit): Promise<Post[]> {
  return apiRequest(`/api/blog/posts/featured?limit=${limit}`, { schema: postListSchema });
}

/** GET /api/blog/categories (categories.getAll). */
export function getCategories(): Promise<Category[]> {
  return apiRequest('/api/blog/categories', { schema: categoryListSchema });
}

/** GET /api/blog/posts/{slug}: one published post, or null when there is none (blogPosts.getBySlug). */
export async function getPost(slug: string): Promise<Post | null> {
  try {
    return await apiRequest(`/api/blog/posts/${encodeURIComponent(slug)}`, { schema: postSchema });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
