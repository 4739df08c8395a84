import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { postSchema, type Post, type PostInput } from './post-schema';
import { blogKeys } from './query-keys';

/** POST /api/admin/blog/posts (blogPosts.create): 201 with the stored post; 409 when the slug is taken. */
export function createPost(input: PostInput): Promise<Post> {
  return apiRequest('/api/admin/blog/posts', { method: 'POST', body: input, schema: postSchema });
}

/** PUT /api/admin/blog/posts/{id} (blogPosts.update). */
export function updatePost({ id, input }: { id: string; input: PostInput }): Promise<Post> {
  return apiRequest(`/api/admin/blog/posts/${encodeURIComponent(id)}`, { method: 'PUT', body: input, schema: postSchema });
}

/** After any write, every blog list and post is stale. */
function useInvalidateBlog() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: blogKeys.all });
}

export function useCreatePost() {
  const invalidate = useInvalidateBlog();
  return useMutation({ mutationFn: createPost, onSuccess: () => void invalidate() });
}

export function useUpdatePost() {
  const invalidate = useInvalidateBlog();
  return useMutation({ mutationFn: updatePost, onSuccess: () => void invalidate() });
}
