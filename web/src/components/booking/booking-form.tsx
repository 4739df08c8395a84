import { useId, useState, type FormEvent } from 'react';
import type { BookingLeadInput } from '@/lib/form-submissions';
import { primaryChallenges } from './submit-booking-lead';

interface BookingFormProps {
  submitting: boolean;
  initial: BookingLeadInput;
  onSubmit: (lead: BookingLeadInput) => void;
  onSkip: () => void;
}

const inputClass =
  'mt-1.5 block w-full rounded-lg border border-ink-600 bg-ink-900 px-3 py-2.5 text-base text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40 sm:text-sm';

/** Step 1 of the booking dialog: email, company and main focus, all required. */
export function BookingForm({ submitting, initial, onSubmit, onSkip }: BookingFormProps) {
  const [lead, setLead] = useState<BookingLeadInput>(initial);
  const id = useId();
  const complete = lead.email.trim() !== '' && lead.company.trim() !== '' && lead.primaryChallenge !== '';

  const set = (key: keyof BookingLeadInput) => (e: { target: { value: string } }) =>
    setLead((prev) => ({ ...prev, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!complete || submitting) return;
    onSubmit({ email: lead.email.trim(), company: lead.company.trim(), primaryChallenge: lead.primaryChallenge });
  };

  return (
    <form onSubmit={submit} className="mt-5 space-y-4">
      <div>
        <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-200">
          Work email
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@company.com"
          value={lead.email}
          onChange={set('email')}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-company`} className="text-sm font-medium text-slate-200">
          Company
        </label>
        <input
          id={`${id}-company`}
          name="company"
          type="text"
          required
          maxLength={200}
          autoComplete="organization"
          placeholder="Acme Inc."
          value={lead.company}
          onChange={set('company')}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-challenge`} className="text-sm font-medium text-slate-200">
          Primary challenge
        </label>
        <select
          id={`${id}-challenge`}
          name="primaryChallenge"
          required
          value={lead.primaryChallenge}
          onChange={set('primaryChallenge')}
          className={`${inputClass} ${lead.primaryChallenge ? '' : 'text-slate-400'}`}
        >
          <option value="" disabled>
            Select your main focus
          </option>
          {primaryChallenges.map((c) => (
            <option key={c} value={c} className="text-white">
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
        <button
          type="button"
          onClick={onSkip}
          className="rounded-lg border border-ink-600 px-4 py-2.5 text-sm font-semibold text-slate-200 transition-colors hover:border-slate-400 hover:text-white"
        >
          Skip to Calendar
        </button>
        <button
          type="submit"
          disabled={!complete || submitting}
          className="rounded-lg bg-brand-400 px-5 py-2.5 text-sm font-semibold text-ink-950 transition-colors hover:bg-brand-300 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {submitting ? 'Submitting…' : 'Continue to Calendar'}
        </button>
      </div>
    </form>
  );
}
