import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ApiError } from '@/lib/admin/api-client';
import { signalTypes } from '@/lib/clients/lead-schema';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import { useUpdateAgent } from '../api/update-agent';
import type { Agent } from '../api/agent-schema';
import { usePreviewAgentQueries } from '../api/preview-agent-queries';
import { formatDateTime } from '../lib/format';

/** One entry a line, blank lines dropped. */
const lines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const settingsSchema = z.object({
  queries: z.string().max(8000, 'At most 8000 characters.'),
  signalTypes: z.array(z.enum(signalTypes)),
  sources: z.string().max(1000, 'At most 1000 characters.'),
  threshold: z
    .string()
    .trim()
    .refine((v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 100, 'A whole number from 1 to 100.')
    .transform(Number),
  schedule: z.string().regex(/^\s*\d+\s*[mh]\s*$/, 'A duration such as 15m, 1h or 24h (15m to 168h).'),
});
type SettingsValues = z.input<typeof settingsSchema>;
type SettingsOutput = z.output<typeof settingsSchema>;

const fields = ['queries', 'signalTypes', 'sources', 'threshold', 'schedule'] as const;

function toValues(a: Agent): SettingsValues {
  return {
    queries: (a.queries ?? []).join('\n'),
    signalTypes: (a.signalTypes ?? []).filter((t): t is (typeof signalTypes)[number] => (signalTypes as readonly string[]).includes(t)),
    sources: (a.sources ?? []).join(', '),
    threshold: String(a.threshold),
    schedule: a.schedule,
  };
}

/**
 * An agent's settings, shown and edited in place: its queries (one a line,
 * in the query language, with a preview of what they match in the index
 * now), signal types, threshold, schedule and sources. The API's field
 * errors show under their fields.
 */
export function AgentSettings({ agent, clientId }: { agent: Agent; clientId: string }) {
  const [editing, setEditing] = useState(false);
  const id = (name: string) => `agent-${agent.id}-${name}`;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-slate-300">Queries and settings</summary>
      {editing ? (
        <SettingsForm agent={agent} clientId={clientId} id={id} onDone={() => setEditing(false)} />
      ) : (
        <div className="mt-1 space-y-1 text-slate-400">
          <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt>Queries</dt>
            <dd className="break-words text-slate-200">
              {agent.queries?.length ? (
                <ul>
                  {agent.queries.map((q) => (
                    <li key={q} className="font-mono text-xs">
                      {q}
                    </li>
                  ))}
                </ul>
              ) : (
                'none: every post of its sources'
              )}
            </dd>
            <dt>Signal types</dt>
            <dd className="break-words text-slate-200">{agent.signalTypes?.length ? agent.signalTypes.join(', ') : 'all'}</dd>
            <dt>Threshold</dt>
            <dd className="text-slate-200">{agent.threshold}</dd>
            <dt>Schedule</dt>
            <dd className="text-slate-200">every {agent.schedule}</dd>
            <dt>Sources</dt>
            <dd className="break-words text-slate-200">{agent.sources?.length ? agent.sources.join(', ') : 'all'}</dd>
          </dl>
          <button type="button" className={secondaryButton} onClick={() => setEditing(true)}>
            Edit settings
          </button>
        </div>
      )}
    </details>
  );
}

function SettingsForm({
  agent,
  clientId,
  id,
  onDone,
}: {
  agent: Agent;
  clientId: string;
  id: (name: string) => string;
  onDone: () => void;
}) {
  const update = useUpdateAgent(clientId, agent.id);
  const preview = usePreviewAgentQueries(clientId);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SettingsValues, unknown, SettingsOutput>({ resolver: zodResolver(settingsSchema), defaultValues: toValues(agent) });

  const onSubmit = handleSubmit(async (v) => {
    try {
      await update.mutateAsync({
        queries: lines(v.queries),
        signalTypes: v.signalTypes,
        sources: v.sources
          .split(/[,\n]/)
          .map((s) => s.trim())
          .filter(Boolean),
        threshold: v.threshold,
        schedule: v.schedule.replace(/\s+/g, ''),
      });
      onDone();
    } catch (err) {
      let placed = false;
      if (err instanceof ApiError) {
        for (const [k, msg] of Object.entries(err.fields)) {
          const name = fields.find((f) => f === k);
          if (name) {
            setError(name, { message: msg });
            placed = true;
          }
        }
      }
      if (!placed) setError('root', { message: err instanceof Error ? err.message : 'Could not save the agent.' });
    }
  });

  const error = (name: (typeof fields)[number]) =>
    errors[name] && (
      <p id={`${id(name)}-error`} role="alert" className="mt-1 text-sm text-rose-200">
        {errors[name]?.message}
      </p>
    );
  const aria = (name: (typeof fields)[number]) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id(name)}-error` : undefined,
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-2 space-y-3" aria-label={`Settings of ${agent.name}`}>
      <div>
        <label htmlFor={id('queries')} className="text-sm text-slate-300">
          Queries (one a line; &quot;a phrase&quot;, OR, -excluded)
        </label>
        <textarea id={id('queries')} rows={4} className={`${inputClass} font-mono text-xs`} {...register('queries')} {...aria('queries')} />
        {error('queries')}
        <button
          type="button"
          className={`${secondaryButton} mt-2`}
          disabled={preview.isPending}
          onClick={() => preview.mutate(lines(getValues('queries')))}
        >
          Preview matches
        </button>
        <QueryPreviewResult preview={preview} />
      </div>
      <fieldset>
        <legend className="text-sm text-slate-300">Signal types (none: all)</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {signalTypes.map((t) => (
            <label key={t} className="flex items-center gap-2 text-sm text-slate-300">
              <input type="checkbox" value={t} {...register('signalTypes')} />
              {t.replace(/_/g, ' ')}
            </label>
          ))}
        </div>
        {error('signalTypes')}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={id('threshold')} className="text-sm text-slate-300">
            Threshold (1-100)
          </label>
          <input id={id('threshold')} inputMode="numeric" className={inputClass} {...register('threshold')} {...aria('threshold')} />
          {error('threshold')}
        </div>
        <div>
          <label htmlFor={id('schedule')} className="text-sm text-slate-300">
            Runs every
          </label>
          <input id={id('schedule')} className={inputClass} {...register('schedule')} {...aria('schedule')} />
          {error('schedule')}
        </div>
        <div>
          <label htmlFor={id('sources')} className="text-sm text-slate-300">
            Sources (comma separated; blank: all)
          </label>
          <input id={id('sources')} className={inputClass} {...register('sources')} {...aria('sources')} />
          {error('sources')}
        </div>
      </div>
      {errors.root && (
        <p role="alert" className="text-sm text-rose-200">
          {errors.root.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          Save settings
        </button>
        <button type="button" className={secondaryButton} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The preview's answer: how many posts of the index match now, and the newest few. */
export function QueryPreviewResult({ preview }: { preview: ReturnType<typeof usePreviewAgentQueries> }) {
  if (preview.isError) {
    const fieldMsg = preview.error instanceof ApiError ? preview.error.fields.queries : undefined;
    return (
      <p role="alert" className="mt-1 text-sm text-rose-200">
        {fieldMsg ?? preview.error.message}
      </p>
    );
  }
  if (!preview.data) return null;
  const { count, more, matches } = preview.data;
  return (
    <div role="status" className="mt-2 text-sm text-slate-300">
      <p>
        {count === 0
          ? 'Nothing in the index matches these queries now.'
          : `${more ? 'At least ' : ''}${count} post${count === 1 ? '' : 's'} in the index match${count === 1 ? 'es' : ''} now; the newest:`}
      </p>
      {matches.length > 0 && (
        <ul className="mt-1 space-y-2">
          {matches.map((m) => (
            <li key={m.url || m.title} className="rounded-lg border border-ink-700 p-2">
              <p className="break-words text-slate-200">
                {m.url ? (
                  <a href={m.url} target="_blank" rel="noreferrer noopener" className="underline">
                    {m.title || m.url}
                  </a>
                ) : (
                  m.title
                )}
              </p>
              <p className="text-xs text-slate-400">
                {m.source}
                {m.author ? ` · ${m.author}` : ''}
                {m.publishedAt ? ` · ${formatDateTime(m.publishedAt)}` : ''}
              </p>
              <p className="mt-1 break-words text-xs text-slate-400">{m.text}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
