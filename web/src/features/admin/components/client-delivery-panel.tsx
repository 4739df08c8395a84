import { Power, RotateCw } from 'lucide-react';
import { useChannels, useDeliveryLog, useEnableChannel, useRetryLeadDelivery, type Channel, type DeliveryAttempt } from '../api/delivery';
import { formatDateTime } from '../lib/format';
import { secondaryButton } from '@/components/ui/form-styles';

const statusStyle: Record<Channel['status'], string> = {
  active: 'bg-emerald-500/15 text-emerald-200',
  paused: 'bg-amber-500/15 text-amber-200',
  disabled: 'bg-rose-500/15 text-rose-200',
};

/** A client's delivery channels and log: enable a disabled or paused channel, retry a failed or cancelled delivery. */
export function ClientDeliveryPanel({ clientId }: { clientId: string }) {
  const channels = useChannels(clientId);
  const log = useDeliveryLog(clientId);
  const enable = useEnableChannel(clientId);
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
    <section aria-labelledby="delivery-log-heading">
      <h3 id="delivery-log-heading" className="text-lg font-semibold text-white">
        Delivery
      </h3>
      {channels.isError && (
        <p role="alert" className="text-sm text-rose-200">
          Could not load the channels: {channels.error.message}
        </p>
      )}
      {channels.data && channels.data.channels.length === 0 && <p className="text-sm text-slate-400">No delivery channels yet.</p>}
      <ul className="mt-2 space-y-2">
        {channels.data?.channels.map((ch) => (
          <li
            key={ch.id}
            data-testid={`channel-${ch.id}`}
            className="flex flex-wrap items-center gap-3 rounded-lg border border-ink-700 p-3 text-sm"
          >
            <span className="font-semibold text-slate-200">{ch.kind}</span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyle[ch.status]}`}>{ch.status}</span>
            <span className="min-w-0 flex-1 break-all text-slate-400">{ch.target}</span>
            {ch.disabledReason && <span className="w-full text-xs text-rose-200">{ch.disabledReason}</span>}
            {ch.status === 'active' && ch.failingSince && (
              <span className="w-full text-xs text-amber-200">Failing since {formatDateTime(ch.failingSince)}</span>
            )}
            {ch.status !== 'active' && (
              <button type="button" className={secondaryButton} disabled={enable.isPending} onClick={() => enable.mutate(ch.id)}>
                <Power aria-hidden="true" className="h-4 w-4" />
                Enable
              </button>
            )}
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="mt-1 text-sm">
        {enable.isSuccess && (
          <span className="text-brand-300">Channel enabled; {enable.data.requeued} stopped deliveries queued again.</span>
        )}
        {enable.isError && <span className="text-rose-200">Enable failed: {enable.error.message}</span>}
        {retry.isSuccess && <span className="text-brand-300">Delivery queued again (same webhook-id).</span>}
        {retry.isError && <span className="text-rose-200">Retry failed: {retry.error.message}</span>}
      </p>
      <h4 className="mt-4 text-sm font-semibold text-slate-300">Delivery log</h4>
      {log.isError && (
        <p role="alert" className="text-sm text-rose-200">
          Could not load the delivery log: {log.error.message}
        </p>
      )}
      {log.data && attempts.length === 0 && <p className="text-sm text-slate-400">No attempts yet.</p>}
      {attempts.length > 0 && (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-400">
              <tr>
                <th className="py-1 pr-3 font-medium">Time</th>
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
    </section>
  );
}
