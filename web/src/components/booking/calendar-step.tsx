import { ExternalLink } from 'lucide-react';
import { prefilledCalendarUrl, type CalendarPrefill } from './calendar-url';

interface CalendarStepProps {
  /** The scheduling page; null when none is configured; undefined while still loading. */
  calendarUrl: string | null | undefined;
  prefill: CalendarPrefill;
  /** Whether the visitor left their details (rather than skipping the form). */
  leftDetails: boolean;
}

const fallbackClass = 'inline-flex items-center gap-2 rounded-lg border border-ink-600 px-4 py-2.5 text-sm font-semibold';

/** Step 2 of the booking dialog: the embedded scheduling page and a new-tab fallback. */
export function CalendarStep({ calendarUrl, prefill, leftDetails }: CalendarStepProps) {
  const src = calendarUrl ? prefilledCalendarUrl(calendarUrl, prefill) : null;

  return (
    <div className="mt-5 space-y-4">
      {src ? (
        <iframe
          title="Booking calendar: pick a time for your strategy session"
          src={src}
          className="h-[min(65vh,640px)] min-h-[420px] w-full rounded-xl border border-ink-700 bg-ink-900"
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <div role="status" className="rounded-xl border border-ink-700 bg-ink-900 p-6 text-sm text-slate-300">
          {calendarUrl === undefined ? (
            <p>Loading the booking calendar…</p>
          ) : (
            <>
              <p className="font-semibold text-white">Online booking isn't configured yet.</p>
              <p className="mt-2">
                We can't show the scheduling page right now.{' '}
                {leftDetails
                  ? "Your details are saved and we'll email you to find a time; or tell us more on the "
                  : 'Tell us about your company on the '}
                <a href="/onboarding" className="font-semibold text-brand-300 underline">
                  onboarding form
                </a>
                .
              </p>
            </>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-slate-400">
          {src ? 'Calendar not loading? Open it in its own tab.' : 'The calendar link will work once booking is configured.'}
        </p>
        {src ? (
          <a
            href={src}
            target="_blank"
            rel="noopener noreferrer"
            className={`${fallbackClass} text-slate-200 transition-colors hover:border-slate-400 hover:text-white`}
          >
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            Open calendar in a new tab
          </a>
        ) : (
          <button type="button" disabled className={`${fallbackClass} cursor-not-allowed text-slate-500 opacity-60`}>
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            Open calendar in a new tab
          </button>
        )}
      </div>
    </div>
  );
}
