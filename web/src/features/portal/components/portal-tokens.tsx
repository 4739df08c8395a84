import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import { tokenScopes } from '@/lib/api-token-scopes';
import { tokenNameSchema, type TokenName } from '../api/portal-token-schema';
import { useCreatePortalToken } from '../api/create-portal-token';
import { usePortalTokens } from '../api/list-portal-tokens';
import { useRevokePortalToken } from '../api/revoke-portal-token';
import { formatWhen, serverMessage } from '../lib/workspace';

/** The client's API tokens (REST API and MCP server): make one with its scopes (shown once), see each one's scopes and last use, revoke. */
export function PortalTokens() {
  const tokens = usePortalTokens();
  const create = useCreatePortalToken();
  const revoke = useRevokePortalToken();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TokenName>({ resolver: zodResolver(tokenNameSchema), defaultValues: { name: '', scopes: ['leads:read'] } });
  return (
    <section aria-labelledby="portal-tokens-heading">
      <h2 id="portal-tokens-heading" className="text-xl font-semibold text-white">
        API tokens
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-400">
        Your systems and assistants reach your leads with a token, through the REST API or the MCP server at <code>/mcp</code>:{' '}
        <code>Authorization: Bearer …</code>. A token does only what its scopes allow.
      </p>
      {tokens.isError && (
        <p role="alert" className="text-rose-200">
          Could not load your tokens: {tokens.error.message}
        </p>
      )}
      {tokens.data?.tokens.length === 0 && <p className="text-sm text-slate-400">No tokens yet.</p>}
      <ul className="space-y-2">
        {tokens.data?.tokens.map((t) => (
          <li
            key={t.id}
            data-testid={`portal-token-${t.id}`}
            className="flex flex-wrap items-center gap-2 rounded-xl border border-ink-700 p-3 text-sm"
          >
            <span className="min-w-0 break-words font-semibold text-slate-200">{t.name}</span>
            <span className="text-slate-400" data-testid={`portal-token-scopes-${t.id}`}>
              {t.scopes.join(', ')}
            </span>
            <span className="text-slate-400">last used {formatWhen(t.lastUsedAt)}</span>
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
          Revoke failed: {serverMessage(revoke.error)}
        </p>
      )}
      <form
        onSubmit={handleSubmit((v) => create.mutate(v, { onSuccess: () => reset() }))}
        noValidate
        aria-label="Make an API token"
        className="mt-4 flex flex-wrap items-start gap-2"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="portal-token-name" className="text-sm text-slate-300">
            Token name
          </label>
          <input
            id="portal-token-name"
            className={inputClass}
            placeholder="e.g. CRM sync"
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
          {serverMessage(create.error)}
        </p>
      )}
      {create.data && (
        <div className="mt-2 text-sm text-slate-300">
          <label htmlFor="portal-new-token">
            Your token &quot;{create.data.name}&quot; with {create.data.scopes.join(', ')} (shown once; keep it secret)
          </label>
          <input id="portal-new-token" readOnly value={create.data.token} className={`${inputClass} font-mono`} />
        </div>
      )}
    </section>
  );
}
