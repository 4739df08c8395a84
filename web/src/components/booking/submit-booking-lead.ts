import intake from '@/config/generated/intake.json';
import type { BookingLeadInput } from '@/lib/form-submissions';

/**
 * The fixed source label of the booking dialog (docs/product.md §5.3), the server's
 * (internal/intake BookingSource, written to intake.json by go generate).
 */
export const bookingSource = intake.bookingSource;

/** The primaryChallenge choices, in display order (docs/product.md §5.2): the server's ChallengeOptions. */
export const primaryChallenges: readonly string[] = intake.challengeOptions;

/** The page a lead came from: the given path on this site, else the current page. */
export function sourceUrl(sourcePage?: string): string {
  if (!sourcePage) return window.location.href;
  try {
    return new URL(sourcePage, window.location.origin).href;
  } catch {
    return window.location.href;
  }
}

/**
 * Sends a booking lead to POST /api/booking-leads. A non-OK answer raises
 * 'Failed to submit lead' (the caller logs it and carries on to the calendar).
 */
export async function submitBookingLead(lead: BookingLeadInput, sourcePage?: string): Promise<void> {
  const res = await fetch('/api/booking-leads', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      email: lead.email,
      company: lead.company,
      primaryChallenge: lead.primaryChallenge,
      timestamp: Date.now(),
      source: bookingSource,
      url: sourceUrl(sourcePage),
      userAgent: navigator.userAgent,
    }),
    // A hung API must not keep the visitor from the calendar.
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error('Failed to submit lead');
}
