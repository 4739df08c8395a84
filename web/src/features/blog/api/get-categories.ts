import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogKeys } from './query-keys';
import { getCategories } from './reads';

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: blogKeys.categories(), queryFn: getCategories, staleTime: 5 * 60_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
