import { CalendarDays, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

interface SubmittedPanelProps {
  calendarUrl: string | null;
  onRestart: () => void;
}

/** Shown after a successful submission, with a link to the calendar in case the new tab was blocked. */
export function SubmittedPanel({ calendarUrl, onRestart }: SubmittedPanelProps) {
  return (
    <div role="status" className="py-6 text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto h-12 w-12 text-brand-400" />
      <h2 className="mt-4 text-2xl font-bold text-white">Thanks, your answers are in</h2>
      <p className="mx-auto mt-2 max-w-md text-slate-300">
        We're reviewing your profile now. The next step is a short strategy call to confirm your signals and start your first lead delivery.
      </p>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {calendarUrl ? (
          <a
            href={calendarUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-lg bg-brand-400 px-5 py-2.5 text-sm font-semibold text-ink-950 hover:bg-brand-300"
          >
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            Book your call
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          // No BOOKING_CALENDAR_URL: say so and keep the button disabled (docs: DECISIONS, as the
          // booking dialog's calendar step does).
          <div className="flex flex-col items-center gap-1">
            <button
              type="button"
              disabled
              aria-describedby="no-calendar"
              className="inline-flex items-center gap-2 rounded-lg bg-brand-400 px-5 py-2.5 text-sm font-semibold text-ink-950 disabled:cursor-not-allowed disabled:opacity-40"
            >
              <CalendarDays aria-hidden="true" className="h-4 w-4" />
              Book your call
            </button>
            <p id="no-calendar" className="text-sm text-slate-400">
              The booking calendar is not set up on this site yet: we'll email you to schedule your call.
            </p>
          </div>
        )}
        <Link
          to={paths.home.path}
          className="rounded-lg border border-ink-600 px-5 py-2.5 text-sm font-semibold text-slate-200 hover:text-white"
        >
          Back to the home page
        </Link>
        <button type="button" onClick={onRestart} className="text-sm font-semibold text-brand-300 underline">
          Submit another response
        </button>
      </div>
    </div>
  );
}
