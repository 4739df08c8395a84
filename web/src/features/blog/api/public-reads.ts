import { QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { featuredLimit } from '../lib/constants';
import { embeddedPost } from '../lib/page-data';
import type { Post } from './post-schema';
import { blogKeys } from './query-keys';
import { getCategories, getFeaturedPosts, getPost, getPublishedPosts } from './reads';

/**
 * The public blog pages' query client: each visit shows what the API has now
 * (no refetch on window focus), and a failed read is tried once more, at once,
 * before it shows as an error.
 */
export function createPublicQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, retryDelay: 0, refetchOnWindowFocus: false } } });
}

/** A read's progress, as the public blog list shows it. */
export interface Loaded<T> {
  data: T | undefined;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
}

/** One read of several loaded together (Promise.allSettled); pending while undefined. */
export function settled<T>(result: PromiseSettledResult<T> | undefined): Loaded<T> {
  return {
    data: result?.status === 'fulfilled' ? result.value : undefined,
    isPending: result === undefined,
    isSuccess: result?.status === 'fulfilled',
    isError: result?.status === 'rejected',
  };
}

// The three reads land together, so the list renders once when they do; each
// can still fail on its own (settled).
export const publicListQueryOptions = () =>
  queryOptions({
    queryKey: blogKeys.publicList(),
    queryFn: () => Promise.allSettled([getPublishedPosts(), getFeaturedPosts(featuredLimit), getCategories()] as const),
  });

/** /blog: published posts, featured posts and categories, each as a Loaded read. */
export function usePublicList() {
  const [posts, featured, categories] = useQuery(publicListQueryOptions()).data ?? [];
  return { posts: settled(posts), featured: settled(featured), categories: settled(categories) };
}

/** Published posts, newest first (the post page's related posts). */
export function usePublishedPosts() {
  return useQuery({ queryKey: blogKeys.published(), queryFn: getPublishedPosts });
}

/**
 * One published post by slug, or null when there is none. On the page the
 * server rendered, the post it embedded is the first answer and is not
 * fetched; another slug (or coming back to this one) fetches as usual.
 */
export function usePost(slug: string | undefined) {
  const embedded = embeddedPost(slug);
  return useQuery<Post | null>({
    queryKey: blogKeys.post(slug ?? ''),
    queryFn: () => (slug ? getPost(slug) : Promise.resolve(null)),
    ...(embedded ? { initialData: embedded.data, refetchOnMount: false } : {}),
  });
}
