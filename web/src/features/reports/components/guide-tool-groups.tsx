import { cardClass } from '@/components/ui/styles';

/** A group of tools for one job. */
export interface ToolGroup {
  job: string;
  tools: readonly { name: string; use: string }[];
}

/** Tools grouped by the job they do (h3 per group). */
export function GuideToolGroups({ groups }: { groups: readonly ToolGroup[] }) {
  return (
    <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
      {groups.map((g) => (
        <li key={g.job} className={`${cardClass} p-6`}>
          <h3 className="text-lg font-semibold text-white">{g.job}</h3>
          <dl className="mt-4 space-y-3 text-sm leading-6">
            {g.tools.map((t) => (
              <div key={t.name}>
                <dt className="font-semibold text-brand-300">{t.name}</dt>
                <dd className="text-slate-300">{t.use}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
