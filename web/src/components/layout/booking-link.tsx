import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useBookingCalendarUrl } from '@/lib/public-config';

interface BookingLinkProps {
  className?: string;
  children: ReactNode;
}

/**
 * A link to the external booking calendar, opened in a new tab. Until the
 * server's config has loaded, or when no calendar is configured, it leads to
 * onboarding instead so the visitor always has a way forward.
 */
export function BookingLink({ className, children }: BookingLinkProps) {
  const calendarUrl = useBookingCalendarUrl();
  if (!calendarUrl) {
    return (
      <Link to={paths.onboarding.path} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={calendarUrl} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
