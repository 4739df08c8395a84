import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { submissionSchema, type SubmissionKind } from './submission-schema';

/** GET /api/admin/submissions answer. */
export const submissionPageSchema = z.object({
  items: z.array(submissionSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});

export type SubmissionPage = z.infer<typeof submissionPageSchema>;

/** One page of submissions of a kind, newest first. */
export function getSubmissions(kind: SubmissionKind, page: number, pageSize: number): Promise<SubmissionPage> {
  const query = new URLSearchParams({ kind, page: String(page), pageSize: String(pageSize) });
  return apiRequest(`/api/admin/submissions?${query}`, { schema: submissionPageSchema });
}

export const submissionsQueryOptions = (kind: SubmissionKind, page: number, pageSize: number) =>
  queryOptions({
    queryKey: adminKeys.submissionList(kind, page, pageSize),
    queryFn: () => getSubmissions(kind, page, pageSize),
    placeholderData: keepPreviousData,
  });

export function useSubmissions(kind: SubmissionKind, page: number, pageSize: number) {
  return useQuery(submissionsQueryOptions(kind, page, pageSize));
}
