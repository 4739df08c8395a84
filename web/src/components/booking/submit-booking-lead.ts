import type { BookingLeadInput } from '@/lib/form-submissions';

/** The fixed source label of the booking dialog (docs/product.md §5.3). */
export const bookingSource = 'signalpipe_calendar';

/** The primaryChallenge choices, in display order (docs/product.md §5.2). */
export const primaryChallenges = [
  'Need more qualified leads',
  'Cut operational costs',
  'Scale without hiring',
  'All of the above',
] as const;

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
