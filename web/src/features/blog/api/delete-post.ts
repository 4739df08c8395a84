import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { blogKeys } from './query-keys';

/** DELETE /api/admin/blog/posts/{id} (blogPosts.remove): 204. */
export async function deletePost(id: string): Promise<void> {
  await apiRequest(`/api/admin/blog/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
