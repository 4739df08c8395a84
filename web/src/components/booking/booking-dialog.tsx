import { useEffect, useRef, useState, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { appendFormSubmission, fromBookingLead, type BookingLeadInput } from '@/lib/form-submissions';
import { loadPublicConfig, usePublicConfig } from '@/lib/public-config';
import { BookingForm } from './booking-form';
import { CalendarStep } from './calendar-step';
import { submitBookingLead } from './submit-booking-lead';

interface BookingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Path of the page the dialog is opened from; defaults to the current page. */
  sourcePage?: string;
  /** Where focus returns on close (the button that opened it); Radix only knows its own Trigger. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

type Step = 'form' | 'calendar';

const blank: BookingLeadInput = { email: '', company: '', primaryChallenge: '' };

/** The configured calendar URL, null when there is none, undefined while still asking. */
function useCalendarUrl(): string | null | undefined {
  const config = usePublicConfig();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let live = true;
    void loadPublicConfig().then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, []);
  if (config) return config.bookingCalendarUrl;
  return settled ? null : undefined;
}

/**
 * The booking modal (docs/product.md §5): a short form, then the scheduling page.
 * The visitor reaches the calendar whether or not the lead was accepted.
 */
export function BookingDialog({ open, onOpenChange, sourcePage, returnFocusTo }: BookingDialogProps) {
  const [step, setStep] = useState<Step>('form');
  const [lead, setLead] = useState<BookingLeadInput>(blank);
  const [submitting, setSubmitting] = useState(false);
  const calendarUrl = useCalendarUrl();
  const calendarTitle = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (step === 'calendar') calendarTitle.current?.focus();
  }, [step]);

  const changeOpen = (next: boolean) => {
    if (!next) setStep('form');
    onOpenChange(next);
  };

  const submit = async (value: BookingLeadInput) => {
    setLead(value);
    setSubmitting(true);
    appendFormSubmission(fromBookingLead(value));
    try {
      await submitBookingLead(value, sourcePage);
    } catch (err) {
      console.error(err);
    } finally {
      setSubmitting(false);
      setStep('calendar');
    }
  };

  const wide = step === 'calendar';

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/80 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            if (!returnFocusTo?.current) return;
            e.preventDefault();
            returnFocusTo.current.focus();
          }}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-ink-700 bg-ink-800 p-5 shadow-2xl shadow-black/50 focus:outline-none sm:p-7 ${
            wide ? 'max-w-3xl' : 'max-w-lg'
          }`}
        >
          <div className="pr-10">
            <p className="text-xs font-semibold uppercase tracking-wider text-brand-300">Step {step === 'form' ? 1 : 2} of 2</p>
            <Dialog.Title ref={calendarTitle} tabIndex={-1} className="mt-1 text-xl font-bold text-white focus:outline-none sm:text-2xl">
              {step === 'form' ? 'Book Your AI Strategy Session' : 'Select Your Time'}
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-400">
              {step === 'form'
                ? 'Tell us where you are today and we will come to the call with a plan for your pipeline.'
                : lead.email
                  ? 'Pick a slot that suits you. Your details are already filled in.'
                  : 'Pick a slot that suits you.'}
            </Dialog.Description>
          </div>
          {step === 'form' ? (
            <BookingForm
              initial={lead}
              submitting={submitting}
              onSubmit={(value) => void submit(value)}
              onSkip={() => setStep('calendar')}
            />
          ) : (
            <CalendarStep
              calendarUrl={calendarUrl}
              prefill={{ company: lead.company, email: lead.email }}
              leftDetails={lead.email !== ''}
            />
          )}
          <Dialog.Close
            aria-label="Close"
            className="absolute right-4 top-4 rounded-md p-1.5 text-slate-400 transition-colors hover:bg-ink-700 hover:text-white"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default BookingDialog;
