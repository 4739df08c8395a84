import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { submissionSchema, type Submission } from './submission-schema';

/** POST /api/admin/submissions/{id}/retry (202): forwarding is queued again. */
export function retryDelivery(id: string): Promise<Submission> {
  return apiRequest(`/api/admin/submissions/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
    schema: submissionSchema,
  });
}

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDelivery,
    onSuccess: (submission) => {
      queryClient.setQueryData(adminKeys.submission(submission.id), (old: Submission | undefined) => ({
        ...old,
        ...submission,
        payload: submission.payload ?? old?.payload,
      }));
      void queryClient.invalidateQueries({ queryKey: adminKeys.submissions() });
    },
  });
}
