import { RotateCw } from 'lucide-react';
import { useDeliveryLog } from '../api/list-deliveries';
import { useRetryLeadDelivery } from '../api/retry-lead-delivery';
import type { DeliveryAttempt } from '../api/delivery-schema';
import { formatDateTime } from '../lib/format';
import { secondaryButton } from '@/components/ui/form-styles';

/** A client's delivery log, newest first: every attempt with its lead and channel; retry a failed or cancelled delivery (same webhook-id). */
export function DeliveryLog({ clientId }: { clientId: string }) {
  const log = useDeliveryLog(clientId);
  const retry = useRetryLeadDelivery(clientId);
  const attempts = log.data?.attempts ?? [];
  // The retry button sits on each delivery's newest attempt (the log is newest first).
  const newest = new Set<string>();
  const firstOf = (a: DeliveryAttempt) => {
    if (newest.has(a.deliveryId)) return false;
    newest.add(a.deliveryId);
    return true;
  };

  return (
    <div>
      <p aria-live="polite" className="text-sm">
        {retry.isSuccess && <span className="text-brand-300">Delivery queued again (same webhook-id).</span>}
        {retry.isError && <span className="text-rose-200">Retry failed: {retry.error.message}</span>}
      </p>
      <h4 className="font-semibold text-slate-200">Delivery log</h4>
      {log.isError && (
        <p role="alert" className="text-sm text-rose-200">
          Could not load the delivery log: {log.error.message}
        </p>
      )}
      {log.data && attempts.length === 0 && <p className="text-sm text-slate-400">No attempts yet.</p>}
      {attempts.length > 0 && (
        // relative: the containing block of the sr-only header below, so that it is clipped with the
        // table's sideways scroll; without it the absolutely positioned span widened the whole page
        // to the table's width on a phone (505 px at 390, issue 31).
        <div className="relative mt-2 overflow-x-auto" data-testid="delivery-log-scroll">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-400">
              <tr>
                <th className="py-1 pr-3 font-medium">Time</th>
                <th className="py-1 pr-3 font-medium">Lead</th>
                <th className="py-1 pr-3 font-medium">Channel</th>
                <th className="py-1 pr-3 font-medium">Outcome</th>
                <th className="py-1 pr-3 font-medium">Code</th>
                <th className="py-1 pr-3 font-medium">Latency</th>
                <th className="py-1 pr-3 font-medium">Error</th>
                <th className="py-1 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((a) => {
                const retryable = firstOf(a) && (a.deliveryStatus === 'failed' || a.deliveryStatus === 'cancelled');
                return (
                  <tr key={a.id} data-testid={`attempt-${a.id}`} className="border-t border-ink-700 align-top text-slate-300">
                    <td className="py-1 pr-3 whitespace-nowrap">{formatDateTime(a.attemptedAt)}</td>
                    <td className="py-1 pr-3 break-words">{a.leadName || a.leadId}</td>
                    <td className="py-1 pr-3">{a.channelKind || a.channelId}</td>
                    <td className="py-1 pr-3">{a.outcome}</td>
                    <td className="py-1 pr-3">{a.responseCode || '—'}</td>
                    <td className="py-1 pr-3 whitespace-nowrap">{a.latencyMs} ms</td>
                    <td className="py-1 pr-3 break-words font-mono text-xs text-rose-200">{a.error || '—'}</td>
                    <td className="py-1">
                      {retryable && (
                        <button
                          type="button"
                          className={secondaryButton}
                          disabled={retry.isPending}
                          onClick={() => retry.mutate(a.deliveryId)}
                          aria-label={`Retry delivery ${a.deliveryId}`}
                        >
                          <RotateCw aria-hidden="true" className="h-4 w-4" />
                          Retry
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
