import { BulletList } from '@/components/content/bullet-list';
import { Tabs } from '@/components/ui/tabs';
import { cardClass } from '@/components/ui/styles';
import type { PlanPeriod } from '../content/guide-content';

/** The 30-60-90-day plan as tabs (30 selected by default). */
export function PlanTabs({ periods }: { periods: readonly PlanPeriod[] }) {
  return (
    <Tabs
      label="30-60-90-day plan"
      className={`${cardClass} overflow-hidden`}
      items={periods.map((p) => ({ id: p.id, label: p.label, panel: <PlanPanel period={p} /> }))}
    />
  );
}

function PlanPanel({ period }: { period: PlanPeriod }) {
  return (
    <div className="grid gap-8 p-6 md:p-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div>
        <h3 className="text-2xl font-semibold text-white">{period.title}</h3>
        <p className="mt-2 font-medium text-brand-300">{period.goal}</p>
        <h4 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-300">Actions</h4>
        <ol className="mt-3 space-y-3 text-slate-200">
          {period.actions.map((a, i) => (
            <li key={a} className="flex gap-3 leading-7">
              <span aria-hidden="true" className="font-bold text-brand-400">
                {i + 1}.
              </span>
              <span>{a}</span>
            </li>
          ))}
        </ol>
      </div>
      <div className="rounded-xl border border-ink-700 bg-ink-900/60 p-5 lg:self-start">
        <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-300">Milestones</h4>
        <BulletList items={period.milestones} className="mt-3 space-y-2.5 leading-6 text-slate-200" />
      </div>
    </div>
  );
}
