import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { submissionSchema, type Submission } from './submission-schema';

/** GET /api/admin/submissions/{id}: one submission with its full payload. */
export function getSubmission(id: string): Promise<Submission> {
  return apiRequest(`/api/admin/submissions/${encodeURIComponent(id)}`, { schema: submissionSchema });
}

export const submissionQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.submission(id), queryFn: () => getSubmission(id) });

export function useSubmission(id: string) {
  return useQuery(submissionQueryOptions(id));
}
