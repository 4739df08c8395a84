/** Query keys of the blog, from one factory so invalidation stays consistent. */
export const blogKeys = {
  all: ['blog'] as const,
  published: () => [...blogKeys.all, 'published'] as const,
  featured: (limit: number) => [...blogKeys.all, 'featured', limit] as const,
  post: (slug: string) => [...blogKeys.all, 'post', slug] as const,
  categories: () => [...blogKeys.all, 'categories'] as const,
  admin: () => [...blogKeys.all, 'admin'] as const,
};
