import { cardClass } from '@/components/ui/styles';
import type { TeamSize } from '../content/types';
import { CheckList } from './check-list';

/** What Signalpipe does for one team size, and who it suits. */
export function TeamSizeCard({ team }: { team: TeamSize }) {
  return (
    <li className={`${cardClass} flex flex-col p-6`}>
      <h3 className="text-xl font-bold text-white">
        {team.size} <span className="font-medium text-brand-300">({team.range})</span>
      </h3>
      <p className="mt-2 text-slate-300">{team.summary}</p>
      <div className="mt-5">
        <CheckList items={team.benefits} />
      </div>
      <div className="mt-auto pt-6">
        <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-400">Ideal for</h4>
        <ul className="mt-2 flex flex-wrap gap-2">
          {team.idealFor.map((who) => (
            <li key={who} className="rounded-md bg-ink-700/70 px-2.5 py-1 text-xs text-slate-200">
              {who}
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}
