import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send, SlidersHorizontal } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { CrmMappingFields } from '@/components/clients/crm-mapping-fields';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import { ApiError } from '@/lib/admin/api-client';
import { applyMapping, crmMappingSchema, isCrmKind, type CrmKind } from '@/lib/clients/channel-schema';
import { useTestChannel } from '../api/test-channel';
import { useUpdateChannel } from '../api/update-channel';
import type { Channel } from '../api/delivery-schema';

/** One channel's buttons in the console: send a test lead (any kind) and, for a CRM, edit its mapping and token. */
export function ChannelActions({ clientId, channel }: { clientId: string; channel: Channel }) {
  const [editing, setEditing] = useState(false);
  const test = useTestChannel(clientId);
  const sendTest = () =>
    test.mutate(channel.id, {
      onSuccess: (r) => (r.ok ? toast.success(`Test lead sent: ${r.message}`) : toast.error(`Test lead refused: ${r.message}`)),
      onError: (err) => toast.error(`Test lead not sent: ${err.message}`),
    });
  const kind = channel.kind;
  return (
    <>
      <button type="button" className={secondaryButton} disabled={test.isPending} onClick={sendTest}>
        <Send aria-hidden="true" className="h-4 w-4" />
        {test.isPending ? 'Sending…' : 'Send test lead'}
      </button>
      {isCrmKind(kind) && (
        <button type="button" className={secondaryButton} aria-expanded={editing} onClick={() => setEditing((v) => !v)}>
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
          Edit mapping
        </button>
      )}
      {editing && isCrmKind(kind) && <MappingForm clientId={clientId} channel={channel} kind={kind} onDone={() => setEditing(false)} />}
    </>
  );
}

const editSchema = z.object({
  mapping: crmMappingSchema,
  token: z.string().trim().max(500, 'At most 500 characters').regex(/^\S*$/, 'The token has no spaces'),
});
type EditValues = z.infer<typeof editSchema>;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A CRM channel's mapping (and a new token, left empty to keep it), the server's field errors on the fields. */
function MappingForm({ clientId, channel, kind, onDone }: { clientId: string; channel: Channel; kind: CrmKind; onDone: () => void }) {
  const update = useUpdateChannel(clientId, channel.id);
  const m = channel.mapping ?? {};
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditValues>({
    resolver: zodResolver(editSchema),
    defaultValues: {
      mapping: { ownerId: str(m.ownerId), scoreProperty: str(m.scoreProperty), task: m.task === true, label: str(m.label) },
      token: '',
    },
  });
  const submit = handleSubmit((v) =>
    update.mutate(
      { mapping: applyMapping(kind, channel.mapping, v.mapping), ...(v.token ? { token: v.token } : {}) },
      {
        onSuccess: () => {
          toast.success('Mapping saved');
          onDone();
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? Object.entries(err.fields) : [];
          for (const [k, msg] of fields) setError(k as 'token', { message: msg });
          if (fields.length === 0) toast.error(`Not saved: ${err.message}`);
        },
      },
    ),
  );
  const tokenId = `channel-${channel.id}-token`;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Mapping of the ${kind} channel`}
      className="w-full space-y-2 rounded-lg border border-ink-700 p-3"
    >
      <CrmMappingFields kind={kind} register={register} errors={errors.mapping} idPrefix={`channel-${channel.id}`} />
      <div>
        <label htmlFor={tokenId} className="text-sm text-slate-300">
          New token (empty: keep the current one)
        </label>
        <input
          id={tokenId}
          type="password"
          autoComplete="off"
          className={inputClass}
          aria-invalid={errors.token ? true : undefined}
          {...register('token')}
        />
        {errors.token && <p className="mt-1 text-sm text-rose-300">{errors.token.message}</p>}
      </div>
      <button type="submit" className={primaryButton} disabled={update.isPending}>
        Save mapping
      </button>
    </form>
  );
}
