import { cardClass } from '@/components/ui/styles';
import type { Challenge } from '../content/types';

/** A prospecting problem, Signalpipe's answer and what changes. */
export function ChallengeCard({ item }: { item: Challenge }) {
  return (
    <li className={`${cardClass} p-6`}>
      <h3 className="text-lg font-semibold text-white">{item.challenge}</h3>
      <p className="mt-2 text-sm leading-6 text-slate-300">{item.description}</p>
      <dl className="mt-5 space-y-4 border-t border-ink-700 pt-5 text-sm leading-6">
        <div>
          <dt className="font-semibold text-brand-300">How Signalpipe solves it</dt>
          <dd className="mt-1 text-slate-300">{item.solution}</dd>
        </div>
        <div>
          <dt className="font-semibold text-brand-300">Impact</dt>
          <dd className="mt-1 text-slate-200">{item.impact}</dd>
        </div>
      </dl>
    </li>
  );
}
