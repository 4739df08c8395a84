import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ArrowLeft, ArrowRight, Send } from 'lucide-react';
import { toast } from 'sonner';
import { onboardingSteps, stepOfField } from '@/lib/onboarding-fields';
import { appendFormSubmission, fromOnboarding } from '@/lib/form-submissions';
import { loadPublicConfig, usePublicConfig } from '@/lib/public-config';
import { submitOnboarding } from '../api/submit-onboarding';
import { useOnboardingDraft } from '../hooks/use-onboarding-draft';
import { buildPayload, stepCount } from '../lib/answers';
import { OnboardingField } from './onboarding-field';
import { StepProgress } from './step-progress';
import { SubmittedPanel } from './submitted-panel';

export const successMessage = 'Form submitted successfully! Redirecting to booking page...';
export const failureMessage = 'Failed to submit form. Please try again.';

const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/** The eight-step questionnaire (docs/product.md §6.1). */
export function OnboardingForm() {
  const { draft, restored, setStep, setAnswer, reset } = useOnboardingDraft();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState<{ calendarUrl: string | null } | null>(null);
  // Loaded with the form, so that the calendar tab opens right after the submission answers,
  // while the browser still counts the Submit click (a tab opened after a second request was
  // blocked as a pop-up: the toast said "Redirecting" and nothing opened, issue 31).
  const publicConfig = usePublicConfig();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(draft.step);
  const wasRestored = useRef(false);

  const { step, answers } = draft;
  const current = onboardingSteps[step - 1]!;

  // Each step change scrolls to the top and moves focus to the new step's title
  // (but not when a saved draft is restored on load).
  useEffect(() => {
    const justRestored = restored && !wasRestored.current;
    wasRestored.current = restored;
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (justRestored) return;
    window.scrollTo({ top: 0, behavior: 'auto' });
    headingRef.current?.focus({ preventScroll: true });
  }, [step, restored]);

  const change = (name: string, value: string | string[]) => {
    setAnswer(name, value);
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  const next = () => {
    if (!formRef.current?.reportValidity()) return;
    setStep(step + 1);
  };

  const submit = async () => {
    setSubmitting(true);
    const payload = buildPayload(answers);
    const result = await submitOnboarding(payload);
    setSubmitting(false);
    if (result.ok) {
      const calendarUrl = (publicConfig ?? (await loadPublicConfig()))?.bookingCalendarUrl ?? null;
      if (calendarUrl) window.open(calendarUrl, '_blank', 'noopener');
      appendFormSubmission(fromOnboarding(payload));
      toast.success(successMessage);
      reset();
      setErrors({});
      setSubmitted({ calendarUrl });
      return;
    }
    // Kept locally unless the server refused the answers themselves (they will be sent again).
    if (Object.keys(result.fields).length === 0) appendFormSubmission(fromOnboarding(payload));
    toast.error(failureMessage);
    setErrors(result.fields);
    const steps = Object.keys(result.fields)
      .map(stepOfField)
      .filter((i) => i >= 0);
    if (steps.length > 0) setStep(Math.min(...steps) + 1);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (step < stepCount) next();
    else if (!submitting) void submit();
  };

  if (submitted) return <SubmittedPanel calendarUrl={submitted.calendarUrl} onRestart={() => setSubmitted(null)} />;

  const stepErrors = current.fields.filter((f) => errors[f.name]).length;

  return (
    <form ref={formRef} onSubmit={onSubmit} aria-labelledby="onboarding-step-title" className="space-y-8">
      <StepProgress step={step} />
      <div>
        <h2
          id="onboarding-step-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-bold text-white focus:outline-none sm:text-2xl"
        >
          {current.title}
        </h2>
        <p className="mt-1 text-sm text-slate-400">{current.intro}</p>
        <p className="mt-1 text-xs text-slate-400">
          Fields marked <span className="text-brand-300">*</span> are required.
        </p>
        {stepErrors > 0 && (
          <p role="alert" className="mt-3 rounded-lg border border-rose-400/40 bg-rose-400/10 px-3 py-2 text-sm text-rose-200">
            Please correct the {stepErrors === 1 ? 'field' : `${stepErrors} fields`} marked below.
          </p>
        )}
      </div>
      <div className="space-y-6">
        {current.fields.map((field) => (
          <OnboardingField
            key={field.name}
            field={field}
            value={answers[field.name] ?? (field.kind === 'checkboxes' ? [] : '')}
            error={errors[field.name]}
            onChange={change}
          />
        ))}
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-ink-700 pt-6">
        <button
          type="button"
          onClick={() => setStep(step - 1)}
          disabled={step === 1}
          className={`${buttonBase} border border-ink-600 text-slate-200 hover:border-slate-400 hover:text-white`}
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Previous
        </button>
        {step < stepCount ? (
          <button key="next" type="button" onClick={next} className={`${buttonBase} bg-brand-400 text-ink-950 hover:bg-brand-300`}>
            Next
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </button>
        ) : (
          <button key="submit" type="submit" disabled={submitting} className={`${buttonBase} bg-brand-400 text-ink-950 hover:bg-brand-300`}>
            {submitting ? 'Submitting…' : 'Submit'}
            <Send aria-hidden="true" className="h-4 w-4" />
          </button>
        )}
      </div>
    </form>
  );
}
