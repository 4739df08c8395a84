import { useMutation } from '@tanstack/react-query';
import { apiRequest, type Parser } from '@/lib/admin/api-client';

/** The newsletter form's input. */
export interface NewsletterInput {
  email: string;
}

/** POST /api/newsletter answer: 201 subscribed, also for an address already subscribed (it tells no one who reads). */
export interface NewsletterResponse {
  status: 'subscribed';
  message: string;
}

// One @, no spaces, a dot in the domain; the server checks the address again.
const emailPattern = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** True for an address worth sending (checked by hand: the public blog does not load zod). */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && emailPattern.test(email);
}

const newsletterResponseSchema: Parser<NewsletterResponse> = {
  parse(value) {
    const r = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    if (r.status !== 'subscribed' || typeof r.message !== 'string') {
      throw new TypeError('newsletter answer: unexpected shape');
    }
    return { status: r.status, message: r.message };
  },
};

export function subscribeNewsletter(input: NewsletterInput): Promise<NewsletterResponse> {
  return apiRequest('/api/newsletter', { method: 'POST', body: input, schema: newsletterResponseSchema });
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
