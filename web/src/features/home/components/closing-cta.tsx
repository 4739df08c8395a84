import { Link } from 'react-router';
import { CalendarDays } from 'lucide-react';
import { BookingButton } from '@/components/booking/booking-button';
import { paths } from '@/config/paths';
import { primaryButton, secondaryButton } from './styles';

/** The closing call to action: book a call or read the use cases. */
export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-4 pb-20 pt-12 sm:px-6 md:pt-16">
      <div className="relative overflow-hidden rounded-3xl border border-brand-400/20 bg-ink-800 px-6 py-14 text-center sm:px-12 md:py-20">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_20rem_at_50%_0%,rgba(52,211,153,0.18),transparent_70%)]"
        />
        <div className="relative">
          <h2 id="cta-title" className="mx-auto max-w-2xl text-balance text-3xl font-bold tracking-tight text-white md:text-4xl">
            Your next customers are posting right now
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-slate-300 md:text-lg">
            Book a free strategy call and see the buying signals in your market this week. Setup takes five minutes.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <BookingButton label="Book Your Free Strategy Call" sourcePage="/" className={primaryButton}>
              <CalendarDays aria-hidden="true" className="h-4 w-4" />
              Book Your Free Strategy Call
            </BookingButton>
            <Link to={paths.useCases.path} className={secondaryButton}>
              View Use Cases
              <span aria-hidden="true">→</span>
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
