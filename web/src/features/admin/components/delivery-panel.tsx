import { RotateCw } from 'lucide-react';
import { useRetryDelivery } from '../api/retry-delivery';
import type { Submission } from '../api/submission-schema';
import { formatDateTime } from '../lib/format';
import { secondaryButton } from '@/components/ui/form-styles';
import { DeliveryBadge } from './delivery-badge';

const targetLabel = { webhook: 'Workflow webhook', formmail: 'Form-mail API' } as const;

/** Where a submission's forwarding stands, with a retry action. */
export function DeliveryPanel({ submission }: { submission: Submission }) {
  const retry = useRetryDelivery();
  const { delivery } = submission;
  const retryable = delivery.state === 'failed' || delivery.state === 'pending';

  return (
    <section aria-labelledby="delivery-title" className="rounded-xl border border-ink-700 bg-ink-900/60 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="delivery-title" className="text-base font-semibold text-white">
          Delivery
        </h3>
        <DeliveryBadge state={delivery.state} />
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-400">Target</dt>
          <dd className="text-slate-200">{delivery.target ? targetLabel[delivery.target] : '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Attempts</dt>
          <dd className="text-slate-200">{delivery.attempts}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Delivered at</dt>
          <dd className="text-slate-200">{formatDateTime(delivery.deliveredAt)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-slate-400">Last error</dt>
          <dd className="break-words font-mono text-xs text-rose-200">{delivery.lastError || '—'}</dd>
        </div>
      </dl>
      {delivery.state === 'stored_only' && (
        <p className="mt-3 text-xs text-slate-400">No forwarding target is configured, so this submission is stored only.</p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={secondaryButton}
          disabled={!retryable || retry.isPending}
          onClick={() => retry.mutate(submission.id)}
        >
          <RotateCw aria-hidden="true" className={`h-4 w-4 ${retry.isPending ? 'animate-spin' : ''}`} />
          Retry delivery
        </button>
        <p aria-live="polite" className="text-sm">
          {retry.isSuccess && <span className="text-brand-300">Delivery queued again.</span>}
          {retry.isError && <span className="text-rose-200">Retry failed: {retry.error.message}</span>}
        </p>
      </div>
    </section>
  );
}
