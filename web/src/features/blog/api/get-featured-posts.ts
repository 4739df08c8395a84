import { queryOptions, useQuery } from '@tanstack/react-query';
import { featuredLimit } from '../lib/constants';
import { blogKeys } from './query-keys';
import { getFeaturedPosts } from './reads';

export const featuredPostsQueryOptions = (limit = featuredLimit) =>
  queryOptions({ queryKey: blogKeys.featured(limit), queryFn: () => getFeaturedPosts(limit), staleTime: 30_000 });

export function useFeaturedPosts(limit = featuredLimit) {
  return useQuery(featuredPostsQueryOptions(limit));
}
