import { useEffect, useRef } from 'react';
import { ArrowLeft } from 'lucide-react';
import { useSubmission } from '../api/get-submission';
import { formatDateTime } from '../lib/format';
import { secondaryButton } from '@/components/ui/form-styles';
import { BookingAnswers, OnboardingAnswers } from './answer-list';
import { DeliveryPanel } from './delivery-panel';

interface SubmissionDetailProps {
  id: string;
  onBack: () => void;
}

/** One submission: every answer, labelled, and its delivery state. */
export function SubmissionDetail({ id, onBack }: SubmissionDetailProps) {
  const query = useSubmission(id);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), [query.isSuccess]);

  return (
    <div className="p-4 sm:p-6">
      <button type="button" onClick={onBack} className={secondaryButton}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to the list
      </button>
      {query.isPending && <p className="mt-6 text-slate-400">Loading submission…</p>}
      {query.isError && (
        <p role="alert" className="mt-6 text-rose-200">
          Could not load this submission: {query.error.message}
        </p>
      )}
      {query.isSuccess && (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
          <div className="min-w-0">
            <h2 ref={heading} tabIndex={-1} className="text-xl font-bold text-white focus:outline-none">
              {query.data.company || query.data.email || 'Submission'}
            </h2>
            <p className="mt-1 text-sm text-slate-400">
              {query.data.kind === 'booking' ? 'Booking lead' : 'Onboarding answers'} · received {formatDateTime(query.data.createdAt)} ·{' '}
              <span className="font-mono text-xs">{query.data.id}</span>
            </p>
            <div className="mt-6">
              {query.data.kind === 'booking' ? (
                <BookingAnswers payload={query.data.payload ?? {}} />
              ) : (
                <OnboardingAnswers payload={query.data.payload ?? {}} />
              )}
            </div>
          </div>
          <div className="lg:sticky lg:top-6 lg:self-start">
            <DeliveryPanel submission={query.data} />
          </div>
        </div>
      )}
    </div>
  );
}
