import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';

/** The newsletter form's input. */
export const newsletterInputSchema = z.object({ email: z.email('Enter a valid email address') });
export type NewsletterInput = z.infer<typeof newsletterInputSchema>;

/** POST /api/newsletter answer: 201 subscribed, 200 already subscribed. */
export const newsletterResponseSchema = z.object({
  status: z.enum(['subscribed', 'already subscribed']),
  message: z.string(),
});
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;

export function subscribeNewsletter(input: NewsletterInput): Promise<NewsletterResponse> {
  return apiRequest('/api/newsletter', { method: 'POST', body: input, schema: newsletterResponseSchema });
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
