import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@/lib/admin/api-client';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import { agentEditSchema, signalLabels, signalTypes, type AgentEdit, type PortalAgent } from '../api/agent-schema';
import { usePortalAgents } from '../api/list-portal-agents';
import { useUpdatePortalAgent } from '../api/update-portal-agent';
import { formatWhen, serverMessage } from '../lib/workspace';
import { ReadOnlyNote } from './read-only-note';

const fieldError = 'mt-1 text-sm text-rose-300';

/** The client's agents as cards; editable (name, queries, signal types, active) when the admin allows it. */
export function PortalAgents() {
  const agents = usePortalAgents();
  if (agents.isError) {
    return (
      <p role="alert" className="text-rose-200">
        Could not load your agents: {agents.error.message}
      </p>
    );
  }
  if (!agents.data) return <p className="text-slate-400">Loading agents…</p>;
  const { agents: list, mayEdit } = agents.data;
  return (
    <section aria-labelledby="portal-agents-heading">
      <h2 id="portal-agents-heading" className="text-xl font-semibold text-white">
        Agents
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-400">Each agent watches the web for your buyers on its schedule.</p>
      {!mayEdit && <ReadOnlyNote what="agents" />}
      {list.length === 0 && <p className="text-sm text-slate-400">No agents yet: your account manager sets them up for you.</p>}
      <ul className="space-y-3">
        {list.map((a) => (
          <AgentCard key={a.id} agent={a} mayEdit={mayEdit} />
        ))}
      </ul>
    </section>
  );
}

function AgentCard({ agent, mayEdit }: { agent: PortalAgent; mayEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <li data-testid={`agent-${agent.id}`} className="rounded-xl border border-ink-700 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 break-words font-semibold text-white">{agent.name}</h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            agent.active ? 'bg-emerald-500/15 text-emerald-200' : 'bg-amber-500/15 text-amber-200'
          }`}
        >
          {agent.status}
        </span>
        {mayEdit && !editing && (
          <button type="button" className={`${secondaryButton} ml-auto`} onClick={() => setEditing(true)}>
            Edit
          </button>
        )}
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-400">Runs every </dt>
          <dd className="inline text-slate-200">{agent.schedule}</dd>
        </div>
        <div>
          <dt className="inline text-slate-400">Last run: </dt>
          <dd className="inline text-slate-200">{formatWhen(agent.lastRunAt)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="inline text-slate-400">Signals: </dt>
          <dd className="inline text-slate-200">
            {agent.signalTypes.length ? agent.signalTypes.map((s) => signalLabels[s as keyof typeof signalLabels] ?? s).join(', ') : 'all'}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="inline text-slate-400">Queries: </dt>
          <dd className="inline break-words text-slate-200">{agent.queries.length ? agent.queries.join(' · ') : 'from your profile'}</dd>
        </div>
      </dl>
      {editing && <AgentForm agent={agent} onDone={() => setEditing(false)} />}
    </li>
  );
}

function AgentForm({ agent, onDone }: { agent: PortalAgent; onDone: () => void }) {
  const update = useUpdatePortalAgent();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AgentEdit>({
    resolver: zodResolver(agentEditSchema),
    defaultValues: {
      name: agent.name,
      queries: agent.queries.join('\n'),
      signalTypes: agent.signalTypes.filter((s): s is AgentEdit['signalTypes'][number] => (signalTypes as readonly string[]).includes(s)),
      active: agent.active,
    },
  });
  const onSubmit = handleSubmit((edit) =>
    update.mutate(
      { id: agent.id, edit },
      {
        onSuccess: onDone,
        onError: (err) => {
          if (err instanceof ApiError) {
            for (const f of ['name', 'queries', 'signalTypes'] as const) if (err.fields[f]) setError(f, { message: err.fields[f] });
          }
        },
      },
    ),
  );
  const id = (f: string) => `agent-${agent.id}-${f}`;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Edit ${agent.name}`} className="mt-3 space-y-3 border-t border-ink-700 pt-3">
      <div>
        <label htmlFor={id('name')} className="text-sm text-slate-300">
          Name
        </label>
        <input id={id('name')} className={inputClass} aria-invalid={errors.name ? true : undefined} {...register('name')} />
        {errors.name && <p className={fieldError}>{errors.name.message}</p>}
      </div>
      <div>
        <label htmlFor={id('queries')} className="text-sm text-slate-300">
          Queries (one per line)
        </label>
        <textarea
          id={id('queries')}
          rows={3}
          className={inputClass}
          aria-invalid={errors.queries ? true : undefined}
          {...register('queries')}
        />
        {errors.queries && <p className={fieldError}>{errors.queries.message}</p>}
      </div>
      <fieldset>
        <legend className="text-sm text-slate-300">Signals (none ticked: all)</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {signalTypes.map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm text-slate-200">
              <input type="checkbox" value={s} {...register('signalTypes')} />
              {signalLabels[s]}
            </label>
          ))}
        </div>
        {errors.signalTypes && <p className={fieldError}>{errors.signalTypes.message}</p>}
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-200">
        <input type="checkbox" {...register('active')} />
        Active (untick to pause the agent)
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={update.isPending}>
          Save agent
        </button>
        <button type="button" className={secondaryButton} onClick={onDone}>
          Cancel
        </button>
      </div>
      {update.isError && (
        <p role="alert" className="text-sm text-rose-200">
          {serverMessage(update.error)}
        </p>
      )}
    </form>
  );
}
