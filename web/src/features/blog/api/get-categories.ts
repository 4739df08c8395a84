import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { categoryListSchema, type Category } from './post-schema';
import { blogKeys } from './query-keys';

/** GET /api/blog/categories (categories.getAll). */
export function getCategories(): Promise<Category[]> {
  return apiRequest('/api/blog/categories', { schema: categoryListSchema });
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: blogKeys.categories(), queryFn: getCategories, staleTime: 5 * 60_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
