/** Query keys of the blog, from one factory so invalidation stays consistent. */
export const blogKeys = {
  all: ['blog'] as const,
  categories: () => [...blogKeys.all, 'categories'] as const,
  admin: () => [...blogKeys.all, 'admin'] as const,
};
