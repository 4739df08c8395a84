import { z } from 'zod';

/** The two kinds of stored submission the console lists. */
export const submissionKinds = ['booking', 'onboarding'] as const;
export type SubmissionKind = (typeof submissionKinds)[number];

export const deliveryStates = ['pending', 'delivered', 'failed', 'stored_only'] as const;

/** Forwarding state of one submission (docs/api.md "Submission"). */
export const deliverySchema = z.object({
  state: z.enum(deliveryStates),
  target: z.enum(['webhook', 'formmail']).nullish(),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullish(),
  deliveredAt: z.string().nullish(),
});

/** One stored submission. */
export const submissionSchema = z.object({
  id: z.string(),
  kind: z.enum(submissionKinds),
  createdAt: z.string(),
  email: z.string().nullish(),
  company: z.string().nullish(),
  summary: z.string().nullish(),
  payload: z.record(z.string(), z.unknown()).nullish(),
  delivery: deliverySchema,
});

export type Submission = z.infer<typeof submissionSchema>;
export type Delivery = z.infer<typeof deliverySchema>;
