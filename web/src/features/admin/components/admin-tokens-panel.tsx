import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import { tokenScopes } from '@/lib/api-token-scopes';
import { adminTokenFormSchema, type AdminTokenForm } from '../api/admin-token-schema';
import { useAdminTokens } from '../api/list-admin-tokens';
import { useCreateAdminToken } from '../api/create-admin-token';
import { useRevokeAdminToken } from '../api/revoke-admin-token';
import { formatDateTime } from '../lib/format';

/** Admin tokens for the MCP server: make one with its scopes (shown once), see each one's scopes and last use, revoke. */
export function AdminTokensPanel() {
  const tokens = useAdminTokens();
  const create = useCreateAdminToken();
  const revoke = useRevokeAdminToken();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AdminTokenForm>({ resolver: zodResolver(adminTokenFormSchema), defaultValues: { name: '', scopes: ['leads:read'] } });
  return (
    <div className="p-4">
      <h2 className="text-lg font-semibold text-white">Admin tokens</h2>
      <p className="mt-1 text-sm text-slate-400">
        An assistant with an admin token reaches every client through the MCP server at <code>/mcp</code> (
        <code>Authorization: Bearer …</code>), within the token&apos;s scopes. A client&apos;s own token reaches only that client.
      </p>
      {tokens.isError && (
        <p role="alert" className="mt-4 text-rose-200">
          Could not load the tokens: {tokens.error.message}
        </p>
      )}
      {tokens.data?.tokens.length === 0 && <p className="mt-4 text-sm text-slate-400">No admin tokens yet.</p>}
      <ul className="mt-4 space-y-2">
        {tokens.data?.tokens.map((t) => (
          <li
            key={t.id}
            data-testid={`admin-token-${t.id}`}
            className="flex flex-wrap items-center gap-2 rounded-xl border border-ink-700 p-3 text-sm"
          >
            <span className="min-w-0 break-words font-semibold text-slate-200">{t.name}</span>
            <span className="text-slate-400">{t.scopes.join(', ')}</span>
            <span className="text-slate-400">last used {t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'never'}</span>
            <button
              type="button"
              className={`${secondaryButton} ml-auto`}
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(t.id)}
              aria-label={`Revoke ${t.name}`}
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
      {revoke.isError && (
        <p role="alert" className="mt-1 text-sm text-rose-200">
          Revoke failed: {revoke.error.message}
        </p>
      )}
      <form
        onSubmit={handleSubmit((v) => create.mutate(v, { onSuccess: () => reset() }))}
        noValidate
        aria-label="Make an admin token"
        className="mt-4 flex flex-wrap items-start gap-2"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="admin-token-name" className="text-sm text-slate-300">
            Token name
          </label>
          <input
            id="admin-token-name"
            className={inputClass}
            placeholder="e.g. Claude Desktop"
            aria-invalid={errors.name ? true : undefined}
            {...register('name')}
          />
          {errors.name && <p className="mt-1 text-sm text-rose-300">{errors.name.message}</p>}
          <fieldset className="mt-3">
            <legend className="text-sm text-slate-300">Scopes</legend>
            {tokenScopes.map((s) => (
              <label key={s.id} className="mt-1 flex items-start gap-2 text-sm text-slate-300">
                <input type="checkbox" value={s.id} className="mt-1" {...register('scopes')} />
                <span>
                  <span className="font-semibold text-slate-200">{s.label}</span> <code className="text-slate-400">{s.id}</code>: {s.hint}
                </span>
              </label>
            ))}
            {errors.scopes && <p className="mt-1 text-sm text-rose-300">{errors.scopes.message}</p>}
          </fieldset>
        </div>
        <button type="submit" className={`${primaryButton} mt-6`} disabled={create.isPending}>
          Make token
        </button>
      </form>
      {create.isError && (
        <p role="alert" className="mt-1 text-sm text-rose-200">
          {create.error.message}
        </p>
      )}
      {create.data && (
        <div className="mt-2 text-sm text-slate-300">
          <label htmlFor="admin-new-token">
            Admin token &quot;{create.data.name}&quot; with {create.data.scopes.join(', ')} (shown once; keep it secret)
          </label>
          <input id="admin-new-token" readOnly value={create.data.token} className={`${inputClass} font-mono`} />
        </div>
      )}
    </div>
  );
}
