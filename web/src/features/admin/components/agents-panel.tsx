import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAgentTemplates, type AgentTemplate } from '../api/list-agent-templates';
import { useAgents } from '../api/list-agents';
import { useAgentTuning } from '../api/get-agent-tuning';
import { useCreateAgent } from '../api/create-agent';
import { useResetTuning } from '../api/reset-agent-tuning';
import { useRun } from '../api/get-run';
import { useRunAgent } from '../api/run-agent';
import { useUpdateAgent } from '../api/update-agent';
import type { Agent } from '../api/agent-schema';
import { adminKeys } from '../api/query-keys';
import { formatDateTime } from '../lib/format';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import { IcpForm } from './icp-form';
import { AgentActions } from './agent-actions';
import { AgentSettings } from './agent-settings';

/** A client's agents: add one from a starter template, run one now and follow the run. */
export function AgentsPanel({
  clientId,
  clientIcp,
  clientQueries = [],
}: {
  clientId: string;
  clientIcp?: Record<string, unknown> | null;
  /** The client's topics (settings.queries): what a template without queries of its own will query. */
  clientQueries?: string[];
}) {
  const agents = useAgents(clientId);
  return (
    <section aria-labelledby="agents-heading">
      <h3 id="agents-heading" className="text-lg font-semibold text-white">
        Agents
      </h3>
      <AddAgent clientId={clientId} clientQueries={clientQueries} />
      {agents.isError && (
        <p role="alert" className="text-rose-200">
          Could not load agents: {agents.error.message}
        </p>
      )}
      {agents.data?.agents.length === 0 && <p className="mt-2 text-sm text-slate-400">No agents yet.</p>}
      <ul className="mt-3 space-y-2">
        {agents.data?.agents.map((a) => (
          <AgentRow key={a.id} agent={a} clientId={clientId} clientIcp={clientIcp} />
        ))}
      </ul>
    </section>
  );
}

function AddAgent({ clientId, clientQueries }: { clientId: string; clientQueries: string[] }) {
  const templates = useAgentTemplates();
  const create = useCreateAgent(clientId);
  const [template, setTemplate] = useState('');
  const chosen = templates.data?.templates.find((t) => t.id === template);
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
      {chosen && <TemplateQueries template={chosen} clientQueries={clientQueries} />}
      {create.isError && (
        <p role="alert" className="w-full text-sm text-rose-200">
          {create.error.message}
        </p>
      )}
    </div>
  );
}

/** What a template will query, said before it is added: its own queries, or the client's topics (never silently). */
export function TemplateQueries({ template, clientQueries }: { template: AgentTemplate; clientQueries: string[] }) {
  const own = template.queries ?? [];
  const list = own.length > 0 ? own : clientQueries;
  return (
    <div className="w-full text-sm text-slate-400" data-testid="template-queries">
      <p>
        {own.length > 0
          ? `${template.title} will query:`
          : list.length > 0
            ? `${template.title} has no queries of its own: it will query the client's topics from onboarding:`
            : `${template.title} has no queries and the client has no topics: it will read every post of its sources.`}
      </p>
      {list.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {list.map((q) => (
            <li key={q} className="break-words font-mono text-xs text-slate-200">
              {q}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-1">Change them after adding it, under its Queries and settings.</p>
    </div>
  );
}

function AgentRow({ agent, clientId, clientIcp }: { agent: Agent; clientId: string; clientIcp?: Record<string, unknown> | null }) {
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
          disabled={run.isPending || status.data?.status === 'running' || status.data?.status === 'interrupted'}
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
          {status.data.status === 'interrupted'
            ? 'Run interrupted: its instance stopped; retrying now'
            : `Run ${status.data.status}: ${status.data.postsRead} posts read, ${status.data.leadsAdded} leads added`}
          {status.data.status !== 'interrupted' && status.data.interruptedAt ? ' (retried after an interruption)' : ''}
          {status.data.error ? ` (${status.data.error})` : ''}
        </p>
      )}
      <AgentActions agent={agent} clientId={clientId} />
      <AgentSettings agent={agent} clientId={clientId} />
      <TuningPanel agentId={agent.id} />
      <AgentIcp agent={agent} clientId={clientId} clientIcp={clientIcp} />
    </li>
  );
}

/** What the agent learned from feedback, with a reset; loaded when opened. */
export function TuningPanel({ agentId }: { agentId: string }) {
  const [open, setOpen] = useState(false);
  const tuning = useAgentTuning(agentId, open);
  const reset = useResetTuning(agentId);
  const t = tuning.data;
  return (
    <details className="mt-2" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-slate-300">Learned from feedback</summary>
      {tuning.isError && (
        <p role="alert" className="mt-1 text-rose-200">
          Could not load what the agent learned: {tuning.error.message}
        </p>
      )}
      {t && (
        <div className="mt-1 space-y-1 text-slate-400">
          <p>
            {t.judged} judged ({t.good} good, {t.noise} noise).{' '}
            {t.active
              ? "Feedback moves this agent's scores (at most 25 points either way)."
              : 'Not acting yet: it needs 10 judged leads, at least 2 good and 2 noise.'}
          </p>
          {t.summary.length > 0 && (
            <ul className="list-disc pl-5">
              {t.summary.slice(0, 10).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <button
            type="button"
            className={secondaryButton}
            disabled={reset.isPending || (t.judged === 0 && t.terms.length === 0)}
            onClick={() => reset.mutate()}
          >
            Reset what it learned
          </button>
          {reset.isError && (
            <p role="alert" className="text-rose-200">
              {reset.error.message}
            </p>
          )}
        </div>
      )}
    </details>
  );
}

/** The agent's own ICP (an override of the client's), edited in place or dropped. */
function AgentIcp({ agent, clientId, clientIcp }: { agent: Agent; clientId: string; clientIcp?: Record<string, unknown> | null }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateAgent(clientId, agent.id);
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-slate-300">ICP: {agent.icp ? 'its own' : "the client's"}</summary>
      {editing ? (
        <IcpForm
          idPrefix={`agent-${agent.id}-icp`}
          icp={agent.icp ?? clientIcp}
          onSave={async (icp) => {
            await update.mutateAsync({ icp });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="mt-1 flex flex-wrap gap-2">
          <button type="button" className={secondaryButton} onClick={() => setEditing(true)}>
            {agent.icp ? 'Edit its ICP' : 'Give it its own ICP'}
          </button>
          {agent.icp && (
            <button type="button" className={secondaryButton} disabled={update.isPending} onClick={() => update.mutate({ icp: null })}>
              Use the client&apos;s ICP
            </button>
          )}
        </div>
      )}
      {update.isError && !editing && (
        <p role="alert" className="mt-1 text-rose-200">
          {update.error.message}
        </p>
      )}
    </details>
  );
}
