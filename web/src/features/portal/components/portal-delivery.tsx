import { Power } from 'lucide-react';
import { secondaryButton } from '@/components/ui/form-styles';
import { useCreatePortalChannel } from '../api/create-portal-channel';
import { useEnablePortalChannel } from '../api/enable-portal-channel';
import { usePortalChannels } from '../api/list-portal-channels';
import type { PortalChannel } from '../api/portal-channel-schema';
import { formatWhen, serverMessage } from '../lib/workspace';
import { ChannelForm } from '@/components/clients/channel-form';
import { PortalFeed } from './portal-feed';
import { ReadOnlyNote } from './read-only-note';

const statusStyle: Record<PortalChannel['status'], string> = {
  active: 'bg-emerald-500/15 text-emerald-200',
  paused: 'bg-amber-500/15 text-amber-200',
  disabled: 'bg-rose-500/15 text-rose-200',
};

const cadenceLabel = (c: string) => (c === 'instant' ? 'Instant' : c === 'daily' ? 'Daily digest' : c === 'weekly' ? 'Weekly digest' : c);

/** Where the client's leads go: its channels (added and enabled when the admin allows it) and its feed URL. */
export function PortalDelivery() {
  const channels = usePortalChannels();
  const enable = useEnablePortalChannel();
  const mayEdit = channels.data?.mayEdit ?? false;
  return (
    <section aria-labelledby="portal-delivery-heading">
      <h2 id="portal-delivery-heading" className="text-xl font-semibold text-white">
        Delivery
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-400">
        Where your new leads are sent: email, Slack or your own webhook, at once or as a digest.
      </p>
      {channels.isError && (
        <p role="alert" className="text-rose-200">
          Could not load your channels: {channels.error.message}
        </p>
      )}
      {channels.data && !mayEdit && <ReadOnlyNote what="delivery channels" />}
      {channels.data?.channels.length === 0 && <p className="text-sm text-slate-400">No channels yet.</p>}
      <ul className="space-y-2">
        {channels.data?.channels.map((ch) => (
          <li key={ch.id} data-testid={`portal-channel-${ch.id}`} className="rounded-xl border border-ink-700 p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold capitalize text-slate-200">{ch.kind}</span>
              <span className="text-slate-400">{cadenceLabel(ch.cadence)}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyle[ch.status]}`}>{ch.status}</span>
              {mayEdit && ch.status !== 'active' && (
                <button
                  type="button"
                  className={`${secondaryButton} ml-auto`}
                  disabled={enable.isPending}
                  onClick={() => enable.mutate(ch.id)}
                >
                  <Power aria-hidden="true" className="h-4 w-4" />
                  Enable
                </button>
              )}
            </div>
            <p className="mt-1 break-all font-mono text-xs text-slate-400">{ch.target}</p>
            {ch.disabledReason && <p className="mt-1 text-xs text-rose-200">{ch.disabledReason}</p>}
            {ch.status === 'active' && ch.failingSince && (
              <p className="mt-1 text-xs text-amber-200">Failing since {formatWhen(ch.failingSince)}</p>
            )}
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="mt-1 text-sm">
        {enable.isSuccess && <span className="text-brand-300">Channel enabled.</span>}
        {enable.isError && <span className="text-rose-200">Enable failed: {serverMessage(enable.error)}</span>}
      </p>
      {mayEdit && <AddChannel mailConfigured={channels.data?.mailConfigured ?? false} />}
      <PortalFeed />
    </section>
  );
}

function AddChannel({ mailConfigured }: { mailConfigured: boolean }) {
  const create = useCreatePortalChannel();
  return (
    <ChannelForm
      kinds={mailConfigured ? ['slack', 'webhook', 'email'] : ['slack', 'webhook']}
      targetLabel={(k) => (k === 'email' ? 'Email addresses' : k === 'slack' ? 'Slack webhook URL' : 'Webhook URL')}
      targetId="portal-channel-target"
      pending={create.isPending}
      onSubmit={(values, reset) => create.mutate(values, { onSuccess: reset })}
      variant="card"
    >
      {create.isError && (
        <p role="alert" className="text-sm text-rose-200">
          {serverMessage(create.error)}
        </p>
      )}
      {create.data?.secret && (
        <p role="status" className="break-all text-sm text-slate-300">
          Signing secret (shown once; keep it to verify our webhooks): <span className="font-mono">{create.data.secret}</span>
        </p>
      )}
    </ChannelForm>
  );
}
