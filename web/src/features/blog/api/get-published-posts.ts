import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogKeys } from './query-keys';
import { getPublishedPosts } from './reads';

export const publishedPostsQueryOptions = () =>
  queryOptions({ queryKey: blogKeys.published(), queryFn: getPublishedPosts, staleTime: 30_000 });

export function usePublishedPosts() {
  return useQuery(publishedPostsQueryOptions());
}
