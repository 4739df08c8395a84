import type { SubmissionKind } from './submission-schema';

/** Query keys of the admin console, from one factory so invalidation stays consistent. */
export const adminKeys = {
  all: ['admin'] as const,
  submissions: () => [...adminKeys.all, 'submissions'] as const,
  submissionList: (kind: SubmissionKind, page: number, pageSize: number) =>
    [...adminKeys.submissions(), 'list', { kind, page, pageSize }] as const,
  submission: (id: string) => [...adminKeys.submissions(), 'detail', id] as const,
  sources: () => [...adminKeys.all, 'sources'] as const,
};
