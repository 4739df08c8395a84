import { lazy, Suspense, useState } from 'react';
import { Radio } from 'lucide-react';
import { monitoringAgents } from '../content/dashboard';
import type { ActivateTarget } from './activate-agent-dialog';
import { card } from './styles';

// Admins only: visitors never load the dialog, its calls or the toasts.
const ActivateAgentDialog = lazy(() => import('./activate-agent-dialog'));

/**
 * The three Live Intent Monitoring cards (docs/product.md §4.4). For a
 * visitor, Activate Agent marks the card active; with an admin session
 * (admin) it opens a dialog that creates a real agent for a client.
 */
export function MonitoringCards({ admin = false }: { admin?: boolean }) {
  const [active, setActive] = useState<Record<string, boolean>>(() => Object.fromEntries(monitoringAgents.map((a) => [a.id, a.active])));
  const [target, setTarget] = useState<ActivateTarget | null>(null);
  const markActive = (id: string) => setActive((s) => ({ ...s, [id]: true }));
  return (
    <section aria-labelledby="monitoring-title" className="space-y-3">
      <h2 id="monitoring-title" className="text-lg font-semibold text-white">
        Live Intent Monitoring
      </h2>
      <ul className="grid gap-3 md:grid-cols-3">
        {monitoringAgents.map((a) => (
          <li key={a.id} className={`${card} flex flex-col gap-3 p-4`}>
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold text-white">{a.title}</h3>
              {active[a.id] && (
                <span className="inline-flex items-center gap-1 rounded-full bg-red-500/15 px-2 py-0.5 text-[11px] font-bold text-red-300">
                  <Radio aria-hidden="true" className="h-3 w-3" /> LIVE
                </span>
              )}
            </div>
            <p className="text-sm text-slate-300">{a.description}</p>
            <p className="text-2xl font-bold text-brand-300">
              {a.today} <span className="text-sm font-normal text-slate-300">today</span>
            </p>
            {active[a.id] ? (
              <p className="mt-auto text-sm font-medium text-emerald-300">Agent Active</p>
            ) : (
              <button
                type="button"
                aria-haspopup={admin ? 'dialog' : undefined}
                onClick={() => (admin ? setTarget({ id: a.id, title: a.title, template: a.template }) : markActive(a.id))}
                className="mt-auto min-h-10 rounded-lg border border-brand-400/50 px-3 text-sm font-medium text-brand-200 hover:bg-brand-400/10"
              >
                Activate Agent
              </button>
            )}
          </li>
        ))}
      </ul>
      {admin && (
        <Suspense fallback={null}>
          <ActivateAgentDialog target={target} onClose={() => setTarget(null)} onActivated={markActive} />
        </Suspense>
      )}
    </section>
  );
}
