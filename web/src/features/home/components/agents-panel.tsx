import { useState } from 'react';
import { BrandMark } from '@/components/layout/brand-mark';
import { agents } from '../content/agents';

/** The Agents tab: three intent agents; Activate Agent marks an idle one active. */
export function AgentsPanel() {
  const [active, setActive] = useState(() => agents.map((a) => a.active));

  return (
    <div className="grid gap-4 p-4 sm:p-5 md:grid-cols-3">
      {agents.map((agent, i) => (
        <article key={agent.name} className="flex flex-col rounded-xl border border-ink-700 bg-ink-900/60 p-5">
          <div className="flex items-start justify-between gap-3">
            <BrandMark className="h-10 w-10" />
            {active[i] && (
              <span className="flex items-center gap-1.5 rounded-full bg-red-500/15 px-2.5 py-1 text-xs font-bold tracking-wider text-red-300">
                <span aria-hidden="true" className="h-1.5 w-1.5 animate-pulse rounded-full bg-red-400" />
                LIVE
              </span>
            )}
          </div>
          <h3 className="mt-4 font-semibold text-white">{agent.name}</h3>
          <p className="mt-1 flex-1 text-sm text-slate-400">{agent.description}</p>
          <p className="mt-4 text-sm text-slate-300">
            <span className="text-2xl font-bold text-white">{agent.today}</span> today
          </p>
          {active[i] ? (
            <p className="mt-4 flex min-h-10 items-center justify-center gap-2 rounded-lg bg-brand-400/10 text-sm font-semibold text-brand-300">
              <span aria-hidden="true" className="h-2 w-2 rounded-full bg-brand-400" />
              Agent Active
            </p>
          ) : (
            <button
              type="button"
              onClick={() => setActive((prev) => prev.map((v, j) => v || j === i))}
              className="mt-4 min-h-10 rounded-lg border border-brand-400/50 text-sm font-semibold text-brand-300 transition-colors hover:bg-brand-400/10"
            >
              Activate Agent
            </button>
          )}
        </article>
      ))}
    </div>
  );
}
