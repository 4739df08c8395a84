import { Globe, KeyRound, ShieldCheck } from 'lucide-react';
import { authLevels } from '../content/api-docs-content';
import type { AuthView } from '../lib/model';

const icons = { public: Globe, demo: KeyRound, admin: ShieldCheck, other: KeyRound } as const;
const colors = {
  public: 'text-slate-300 ring-slate-500/40',
  demo: 'text-brand-300 ring-brand-400/40',
  admin: 'text-amber-300 ring-amber-400/40',
  other: 'text-sky-300 ring-sky-400/40',
} as const;

/** Who may call an operation, in one word or two. */
export function AuthBadge({ level }: { level: AuthView['level'] }) {
  const Icon = icons[level];
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${colors[level]}`}>
      <Icon aria-hidden="true" className="h-3 w-3" />
      {authLevels[level].badge}
    </span>
  );
}

/** The credentials an operation accepts: any one line will do; schemes on a line are all needed. */
export function AuthDetails({ auth }: { auth: AuthView }) {
  if (auth.alternatives.length === 0) return <p className="text-sm text-slate-300">No credentials needed.</p>;
  return (
    <ul className="space-y-1 text-sm text-slate-300">
      {auth.alternatives.map((alt, i) => (
        <li key={i}>
          {i > 0 && <span className="text-slate-400">or </span>}
          {alt.map((s, j) => (
            <span key={s.key}>
              {j > 0 && ' + '}
              <span className="font-semibold text-white">{s.label}</span>
              {s.location && <code className="ml-1 text-xs text-slate-400">({s.location})</code>}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
