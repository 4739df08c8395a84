import { useForm } from 'react-hook-form';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import { ApiError } from '@/lib/admin/api-client';
import type { SourceField, SourceHealth, SourceSettings } from '../api/get-sources';
import { useTestSource } from '../api/test-source';
import { useUpdateSource } from '../api/update-source';

/** What the console shows of a field's current value: never a credential, at most its last four characters. */
function fieldState(f: SourceField): string {
  if (f.from === 'environment') return 'set by environment';
  if (!f.set) return 'not set';
  if (f.secret) return f.last4 ? `set (…${f.last4})` : 'set';
  return f.from === 'console' ? 'set here' : 'default';
}

function errorOf(err: unknown, key: string): string | undefined {
  return err instanceof ApiError ? err.fields[key] : undefined;
}

/**
 * One source's settings: a switch, its options (credentials in password inputs, left empty to
 * keep what is saved), Save and Test. What the environment sets is shown as such and cannot be changed.
 */
export function SourceSettingsCard({ line }: { line: SourceHealth & { settings: SourceSettings } }) {
  const s = line.settings;
  const update = useUpdateSource(line.source);
  const test = useTestSource(line.source);
  const editable = s.fields.filter((f) => f.from !== 'environment');
  const { register, handleSubmit, reset } = useForm<Record<string, string>>({
    defaultValues: Object.fromEntries(editable.map((f) => [f.name, f.secret ? '' : (f.value ?? '')])),
  });
  const save = handleSubmit((form) => {
    const values: Record<string, string> = {};
    for (const f of editable) {
      const v = (form[f.name] ?? '').trim();
      if (f.secret ? v !== '' : v !== (f.value ?? '')) values[f.name] = v;
    }
    if (Object.keys(values).length > 0) update.mutate({ values }, { onSuccess: () => reset() });
  });
  const envSwitch = s.enabledBy === 'environment';
  const formError = update.error instanceof Error ? update.error.message : null;
  return (
    <li data-testid={`source-settings-${line.source}`} className="rounded-xl border border-ink-700 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-semibold text-white">{line.source}</span>
        <label className="flex items-center gap-2 text-slate-300">
          <input
            type="checkbox"
            role="switch"
            checked={s.enabled}
            disabled={envSwitch || update.isPending}
            onChange={(e) => update.mutate({ enabled: e.target.checked })}
            aria-label={`${line.source} enabled`}
          />
          {s.enabled ? 'On' : 'Off'}
        </label>
        {envSwitch && <span className="text-xs text-amber-200">Set by environment ({s.switch}): change it there</span>}
        <button type="button" className={`${secondaryButton} ml-auto`} disabled={test.isPending} onClick={() => test.mutate()}>
          {test.isPending ? 'Testing…' : 'Test'}
        </button>
      </div>
      {test.data && (
        <p role="status" className={`mt-2 ${test.data.ok ? 'text-brand-300' : 'text-rose-200'}`}>
          {test.data.ok ? `OK: ${test.data.posts} posts in ${test.data.tookMs} ms` : `Failed: ${test.data.error ?? 'unknown error'}`}
        </p>
      )}
      {test.error && (
        <p role="alert" className="mt-2 text-rose-200">
          Test: {test.error.message}
        </p>
      )}
      {s.problem && <p className="mt-2 text-amber-200">{s.problem}</p>}
      {formError && (
        <p role="alert" className="mt-2 text-rose-200">
          {formError}
        </p>
      )}
      {s.fields.length > 0 && (
        <form onSubmit={save} noValidate aria-label={`${line.source} settings`} className="mt-3 space-y-2">
          {s.fields.map((f) => {
            const err = errorOf(update.error, `values.${f.name}`);
            const id = `source-${line.source}-${f.name}`;
            return (
              <div key={f.name}>
                <label htmlFor={id} className="text-slate-300">
                  {f.label}{' '}
                  <span className="text-xs text-slate-400">
                    ({f.name}: {fieldState(f)})
                  </span>
                </label>
                {f.from === 'environment' ? null : (
                  <input
                    id={id}
                    type={f.secret ? 'password' : 'text'}
                    autoComplete={f.secret ? 'new-password' : 'off'}
                    placeholder={f.secret && f.set ? 'leave empty to keep the saved value' : ''}
                    className={inputClass}
                    aria-invalid={err ? true : undefined}
                    {...register(f.name)}
                  />
                )}
                {err && <p className="mt-1 text-rose-300">{err}</p>}
              </div>
            );
          })}
          {!s.canSaveCredentials && s.fields.some((f) => f.secret && f.from !== 'environment') && (
            <p className="text-xs text-amber-200">SECRETS_KEY is not set: credentials cannot be saved here.</p>
          )}
          {editable.length > 0 && (
            <button type="submit" className={primaryButton} disabled={update.isPending}>
              Save
            </button>
          )}
        </form>
      )}
    </li>
  );
}

/** Every configurable source's settings card (the lines that carry settings). */
export function SourceSettingsList({ lines }: { lines: SourceHealth[] }) {
  const configurable = lines.filter((l): l is SourceHealth & { settings: SourceSettings } => l.settings !== undefined);
  if (configurable.length === 0) return null;
  return (
    <div className="mt-6">
      <h3 className="text-lg font-semibold text-white">Configure sources</h3>
      <p className="mt-1 text-sm text-slate-400">
        Changes apply at the next search on every instance, no restart. Credentials are stored encrypted and never shown again. A value set
        in the environment wins and is marked &ldquo;set by environment&rdquo;.
      </p>
      <ul className="mt-3 space-y-3">
        {configurable.map((l) => (
          <SourceSettingsCard key={l.source} line={l} />
        ))}
      </ul>
    </div>
  );
}
