import { QueryClient } from '@tanstack/react-query';

/** The public blog pages' query client: a failed read is retried once, never a 404. */
export function createBlogQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}
