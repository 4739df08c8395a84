import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { inputClass, primaryButton } from '@/components/ui/form-styles';
import { cadences, channelInputSchema, isCrmKind, type ChannelInput } from '@/lib/clients/channel-schema';
import { CrmMappingFields } from './crm-mapping-fields';

type Kind = ChannelInput['kind'];

const kindLabel: Record<Kind, string> = { webhook: 'Webhook', slack: 'Slack', email: 'Email', hubspot: 'HubSpot', pipedrive: 'Pipedrive' };
const cadenceLabel = (c: string) => (c === 'instant' ? 'Instant' : c === 'daily' ? 'Daily digest' : c === 'weekly' ? 'Weekly digest' : c);

interface ChannelFormProps {
  /** The kinds offered, in order; the first is the default. */
  kinds: readonly Kind[];
  /** The target field's label for a kind. */
  targetLabel: (kind: Kind) => string;
  /** The target field's id (unique on the page). */
  targetId: string;
  /** Sends the values; reset() empties the form (call it on success). */
  onSubmit: (values: ChannelInput, reset: () => void) => void;
  pending: boolean;
  /**
   * inline: the console's row (kind, target, cadence, button); card: the portal's box with a
   * heading (kind and cadence side by side, then the target).
   */
  variant: 'inline' | 'card';
  /** Under the form (card) or after it (inline): the answer, the signing secret. */
  children?: ReactNode;
}

/**
 * The add-channel form the console and the portal share (issue 28 item 8): an email channel
 * takes addresses, webhook and Slack an http(s) URL, a CRM (the console's) its API token and
 * field mapping (lib/clients/channel-schema.ts); the server checks further.
 */
export function ChannelForm({ kinds, targetLabel, targetId, onSubmit, pending, variant, children }: ChannelFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<ChannelInput>({
    resolver: zodResolver(channelInputSchema),
    defaultValues: { kind: kinds[0], target: '', cadence: 'instant' },
  });
  const kind = watch('kind');
  const crm = isCrmKind(kind);
  const submit = handleSubmit((values) => onSubmit(values, () => reset()));

  const kindField = (
    <label className="text-sm text-slate-300">
      Kind
      <select className={inputClass} {...register('kind')}>
        {kinds.map((k) => (
          <option key={k} value={k}>
            {kindLabel[k]}
          </option>
        ))}
      </select>
    </label>
  );
  const cadenceField = (
    <label className="text-sm text-slate-300">
      Cadence
      <select className={inputClass} {...register('cadence')}>
        {cadences.map((c) => (
          <option key={c} value={c}>
            {cadenceLabel(c)}
          </option>
        ))}
      </select>
    </label>
  );
  const targetField = (
    <>
      <label htmlFor={targetId} className="text-sm text-slate-300">
        {targetLabel(kind)}
      </label>
      <input
        id={targetId}
        className={inputClass}
        aria-invalid={errors.target ? true : undefined}
        aria-describedby={errors.target ? `${targetId}-error` : undefined}
        {...register('target')}
      />
      {errors.target && (
        <p id={`${targetId}-error`} className="mt-1 text-sm text-rose-300">
          {errors.target.message}
        </p>
      )}
    </>
  );

  const tokenId = `${targetId}-token`;
  const crmFields = crm && (
    <div className="w-full space-y-2">
      <div>
        <label htmlFor={tokenId} className="text-sm text-slate-300">
          {kind === 'hubspot' ? 'Private app access token' : 'API token'}
        </label>
        <input
          id={tokenId}
          type="password"
          autoComplete="off"
          className={inputClass}
          aria-invalid={errors.token ? true : undefined}
          aria-describedby={errors.token ? `${tokenId}-error` : undefined}
          {...register('token')}
        />
        {errors.token && (
          <p id={`${tokenId}-error`} className="mt-1 text-sm text-rose-300">
            {errors.token.message}
          </p>
        )}
      </div>
      <CrmMappingFields kind={kind} register={register} errors={errors.mapping} idPrefix={`${targetId}-mapping`} />
    </div>
  );

  if (variant === 'card') {
    return (
      <form onSubmit={submit} noValidate aria-label="Add a channel" className="mt-4 space-y-2 rounded-xl border border-ink-700 p-4">
        <h3 className="font-semibold text-white">Add a channel</h3>
        <div className="flex flex-wrap gap-2">
          {kindField}
          {!crm && cadenceField}
        </div>
        {crm ? crmFields : <div>{targetField}</div>}
        <button type="submit" className={primaryButton} disabled={pending}>
          Add channel
        </button>
        {children}
      </form>
    );
  }
  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Add a channel" className="mt-2 grid gap-2 sm:flex sm:flex-wrap sm:items-start">
        {kindField}
        {crm ? (
          crmFields
        ) : (
          <>
            <div className="min-w-0 sm:min-w-64 sm:flex-1">{targetField}</div>
            {cadenceField}
          </>
        )}
        <button type="submit" className={`${primaryButton} mt-6`} disabled={pending}>
          Add channel
        </button>
      </form>
      {children}
    </>
  );
}
