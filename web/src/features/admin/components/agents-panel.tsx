import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAgentTemplates, useAgents, useCreateAgent, useRun, useRunAgent, type Agent } from '../api/agents';
import { adminKeys } from '../api/query-keys';
import { formatDateTime } from '../lib/format';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';

/** A client's agents: add one from a starter template, run one now and follow the run. */
export function AgentsPanel({ clientId }: { clientId: string }) {
  const agents = useAgents(clientId);
  return (
    <section aria-labelledby="agents-heading">
      <h3 id="agents-heading" className="text-lg font-semibold text-white">
        Agents
      </h3>
      <AddAgent clientId={clientId} />
      {agents.isError && (
        <p role="alert" className="text-rose-200">
          Could not load agents: {agents.error.message}
        </p>
      )}
      {agents.data?.agents.length === 0 && <p className="mt-2 text-sm text-slate-400">No agents yet.</p>}
      <ul className="mt-3 space-y-2">
        {agents.data?.agents.map((a) => (
          <AgentRow key={a.id} agent={a} clientId={clientId} />
        ))}
      </ul>
    </section>
  );
}

function AddAgent({ clientId }: { clientId: string }) {
  const templates = useAgentTemplates();
  const create = useCreateAgent(clientId);
  const [template, setTemplate] = useState('');
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      <label className="min-w-0 flex-1 text-sm text-slate-300">
        Starter template
        <select className={inputClass} value={template} onChange={(e) => setTemplate(e.target.value)}>
          <option value="">Choose a template</option>
          {templates.data?.templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className={primaryButton} disabled={!template || create.isPending} onClick={() => create.mutate(template)}>
        Add agent
      </button>
      {create.isError && (
        <p role="alert" className="w-full text-sm text-rose-200">
          {create.error.message}
        </p>
      )}
    </div>
  );
}

function AgentRow({ agent, clientId }: { agent: Agent; clientId: string }) {
  const run = useRunAgent();
  const status = useRun(run.data?.runId ?? null);
  const qc = useQueryClient();
  const finished = status.data && status.data.status !== 'running' ? status.data.id : null;
  useEffect(() => {
    // A finished run: show its leads and the agent's new last run.
    if (!finished) return;
    void qc.invalidateQueries({ queryKey: adminKeys.clientLeads(clientId) });
    void qc.invalidateQueries({ queryKey: adminKeys.agents(clientId) });
  }, [finished, clientId, qc]);
  return (
    <li className="rounded-xl border border-ink-700 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="break-words font-semibold text-white">{agent.name}</span>
        <span className="text-slate-400">
          every {agent.schedule} · {agent.active ? 'active' : 'paused'} · last run {formatDateTime(agent.lastRunAt)}
        </span>
        <button
          type="button"
          className={`${secondaryButton} ml-auto`}
          disabled={run.isPending || status.data?.status === 'running'}
          onClick={() => run.mutate(agent.id)}
        >
          Run now
        </button>
      </div>
      {run.isError && (
        <p role="alert" className="mt-1 text-rose-200">
          {run.error.message}
        </p>
      )}
      {status.data && (
        <p role="status" className="mt-1 text-slate-300">
          Run {status.data.status}: {status.data.postsRead} posts read, {status.data.leadsAdded} leads added
          {status.data.error ? ` (${status.data.error})` : ''}
        </p>
      )}
    </li>
  );
}
