/** Query keys of the blog, from one factory so invalidation stays consistent. */
export const blogKeys = {
  all: ['blog'] as const,
  categories: () => [...blogKeys.all, 'categories'] as const,
  admin: () => [...blogKeys.all, 'admin'] as const,
  /** The public list page's three reads, loaded together (published, featured, categories). */
  publicList: () => [...blogKeys.all, 'public-list'] as const,
  published: () => [...blogKeys.all, 'published'] as const,
  post: (slug: string) => [...blogKeys.all, 'post', slug] as const,
};
