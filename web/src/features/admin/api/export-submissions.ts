import type { SubmissionKind } from './submission-schema';

/**
 * GET /api/admin/submissions.csv: a plain link downloads it with the session
 * cookie, so this operation is a URL rather than a fetch.
 */
export function submissionsCsvUrl(kind: SubmissionKind): string {
  return `/api/admin/submissions.csv?${new URLSearchParams({ kind })}`;
}
