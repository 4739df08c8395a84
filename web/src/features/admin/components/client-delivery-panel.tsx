import { useEffect } from 'react';
import { Power } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Client } from '../api/client-schema';
import { ChannelForm } from '@/components/clients/channel-form';
import { digestInputSchema, weekdays, type Channel, type DigestInput } from '../api/delivery-schema';
import { useChannels } from '../api/list-channels';
import { useCreateChannel } from '../api/create-channel';
import { useEnableChannel } from '../api/enable-channel';
import { useFeed } from '../api/get-feed';
import { useFeedActions } from '../api/feed-actions';
import { useSaveDigest } from '../api/save-digest';
import { DeliveryLog } from './delivery-log';
import { ChannelActions } from './channel-actions';
import { formatDateTime } from '../lib/format';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';

const fieldError = 'mt-1 text-sm text-rose-300';

const statusStyle: Record<Channel['status'], string> = {
  active: 'bg-emerald-500/15 text-emerald-200',
  paused: 'bg-amber-500/15 text-amber-200',
  disabled: 'bg-rose-500/15 text-rose-200',
};

/**
 * The client's delivery: its channels (add one, instant or a digest, or a CRM with its token and
 * mapping; enable a disabled or paused one; send it a test lead; edit a CRM's mapping), the digest time, the Atom feed URL and the delivery log (retry a failed delivery).
 */
export function ClientDeliveryPanel({ client }: { client: Client }) {
  return (
    <section aria-labelledby="client-delivery-heading" className="space-y-5">
      <h3 id="client-delivery-heading" className="text-lg font-semibold text-white">
        Delivery
      </h3>
      <Channels clientId={client.id} />
      <DigestTime client={client} />
      <Feed clientId={client.id} />
      <DeliveryLog clientId={client.id} />
    </section>
  );
}

function Channels({ clientId }: { clientId: string }) {
  const channels = useChannels(clientId);
  const create = useCreateChannel(clientId);
  const enable = useEnableChannel(clientId);
  return (
    <div>
      <h4 className="font-semibold text-slate-200">Channels</h4>
      {channels.isError && (
        <p role="alert" className="text-rose-200">
          Could not load channels: {channels.error.message}
        </p>
      )}
      {channels.data?.channels.length === 0 && <p className="text-sm text-slate-400">No channels yet.</p>}
      <ul className="mt-2 space-y-2">
        {channels.data?.channels.map((ch) => (
          <li
            key={ch.id}
            data-testid={`channel-${ch.id}`}
            className="flex flex-wrap items-center gap-3 rounded-lg border border-ink-700 p-3 text-sm"
          >
            <span className="font-semibold text-slate-200">
              {ch.kind} · {ch.cadence}
            </span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyle[ch.status]}`}>{ch.status}</span>
            <span className="min-w-0 flex-1 break-all font-mono text-xs text-slate-400">{ch.target}</span>
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
            <ChannelActions clientId={clientId} channel={ch} />
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="mt-1 text-sm">
        {enable.isSuccess && (
          <span className="text-brand-300">Channel enabled; {enable.data.requeued} stopped deliveries queued again.</span>
        )}
        {enable.isError && <span className="text-rose-200">Enable failed: {enable.error.message}</span>}
      </p>
      <ChannelForm
        kinds={['webhook', 'slack', 'email', 'hubspot', 'pipedrive']}
        targetLabel={(k) => (k === 'email' ? 'Email addresses' : 'URL')}
        targetId="channel-target"
        pending={create.isPending}
        onSubmit={(values, reset) => create.mutate(values, { onSuccess: reset })}
        variant="inline"
      >
        {create.isError && (
          <p role="alert" className="mt-1 text-sm text-rose-200">
            {Object.values((create.error as { fields?: Record<string, string> }).fields ?? {}).join(' ') || create.error.message}
          </p>
        )}
        {create.data?.secret && (
          <p role="status" className="mt-1 break-all text-sm text-slate-300">
            Signing secret (shown once): <span className="font-mono">{create.data.secret}</span>
          </p>
        )}
      </ChannelForm>
    </div>
  );
}

function DigestTime({ client }: { client: Client }) {
  const save = useSaveDigest(client.id);
  const s = client.settings ?? {};
  const current: DigestInput = {
    digestHour: typeof s.digestHour === 'number' ? s.digestHour : 9,
    digestWeekday: weekdays.find((d) => d === s.digestWeekday) ?? 'monday',
    timeZone: typeof s.timeZone === 'string' && s.timeZone ? s.timeZone : 'UTC',
  };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DigestInput>({ resolver: zodResolver(digestInputSchema), defaultValues: current });
  const { digestHour, digestWeekday, timeZone } = current;
  useEffect(() => reset({ digestHour, digestWeekday, timeZone }), [reset, digestHour, digestWeekday, timeZone]);
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return (
    <form
      onSubmit={handleSubmit((v) => save.mutate(v))}
      noValidate
      aria-label="Digest time"
      className="grid gap-2 sm:flex sm:flex-wrap sm:items-start"
    >
      <div>
        <label htmlFor="digest-hour" className="text-sm text-slate-300">
          Digest hour (0-23)
        </label>
        <input
          id="digest-hour"
          type="number"
          min={0}
          max={23}
          className={inputClass}
          aria-invalid={errors.digestHour ? true : undefined}
          {...register('digestHour', { valueAsNumber: true })}
        />
        {errors.digestHour && <p className={fieldError}>{errors.digestHour.message}</p>}
      </div>
      <label className="text-sm text-slate-300">
        Weekly on
        <select className={inputClass} {...register('digestWeekday')}>
          {weekdays.map((d) => (
            <option key={d} value={d}>
              {d[0].toUpperCase() + d.slice(1)}
            </option>
          ))}
        </select>
      </label>
      <div className="min-w-0 sm:min-w-48 sm:flex-1">
        <label htmlFor="digest-zone" className="text-sm text-slate-300">
          Time zone
        </label>
        <input
          id="digest-zone"
          list="digest-zones"
          className={inputClass}
          aria-invalid={errors.timeZone ? true : undefined}
          {...register('timeZone')}
        />
        <datalist id="digest-zones">
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        {errors.timeZone && <p className={fieldError}>{errors.timeZone.message}</p>}
      </div>
      <button type="submit" className={`${secondaryButton} mt-6`} disabled={save.isPending}>
        Save digest time
      </button>
      <p aria-live="polite" className="w-full text-sm">
        {save.isSuccess && <span className="text-brand-300">Digest time saved.</span>}
        {save.isError && (
          <span className="text-rose-200">
            {Object.values((save.error as { fields?: Record<string, string> }).fields ?? {}).join(' ') || save.error.message}
          </span>
        )}
      </p>
    </form>
  );
}

function Feed({ clientId }: { clientId: string }) {
  const feed = useFeed(clientId);
  const { rotate, revoke } = useFeedActions(clientId);
  const active = feed.data?.active ?? false;
  return (
    <div>
      <h4 className="font-semibold text-slate-200">Atom feed</h4>
      <p className="text-sm text-slate-400">
        {active ? `A secret feed URL exists (made ${formatDateTime(feed.data?.createdAt ?? null)}).` : 'No feed URL.'} The URL is shown once
        when made; making a new one stops the old one.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={primaryButton} disabled={rotate.isPending} onClick={() => rotate.mutate()}>
          {active ? 'Rotate feed URL' : 'Create feed URL'}
        </button>
        {active && (
          <button type="button" className={secondaryButton} disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            Revoke feed
          </button>
        )}
      </div>
      {(rotate.isError || revoke.isError) && (
        <p role="alert" className="mt-1 text-sm text-rose-200">
          {(rotate.error ?? revoke.error)?.message}
        </p>
      )}
      {rotate.data && (
        <div className="mt-2 text-sm text-slate-300">
          <label htmlFor="feed-url">Feed URL (shown once; treat it like a password)</label>
          <input id="feed-url" readOnly value={rotate.data.url} className={inputClass} />
        </div>
      )}
    </div>
  );
}
