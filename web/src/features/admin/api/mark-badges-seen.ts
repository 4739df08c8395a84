import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import type { SubmissionKind } from './submission-schema';
import { badgesSchema } from './get-badges';

/** Marks a kind's submissions seen up to upTo (the newest one shown). */
export function useMarkSeen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, upTo }: { kind: SubmissionKind; upTo?: string }) =>
      apiRequest('/api/admin/badges/seen', { method: 'POST', body: upTo ? { kind, upTo } : { kind }, schema: badgesSchema }),
    onSuccess: (badges) => qc.setQueryData(adminKeys.badges(), badges),
  });
}
