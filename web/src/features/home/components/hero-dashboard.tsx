import { heroLeads } from '../content/hero';
import { IntentBadge } from './intent-badge';

/** The hero's mock dashboard: three fresh leads with their intent tier. */
export function HeroDashboard() {
  return (
    <div className="relative">
      <div aria-hidden="true" className="absolute -inset-8 bg-[radial-gradient(closest-side,rgba(16,185,129,0.16),transparent)]" />
      <figure className="relative rounded-2xl border border-ink-600 bg-ink-800/90 p-4 shadow-2xl shadow-black/40 sm:p-5">
        <figcaption className="flex items-center justify-between gap-3 border-b border-ink-700 pb-4">
          <span className="flex items-center gap-2 text-sm font-semibold text-white">
            <span className="relative flex h-2.5 w-2.5">
              <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-brand-400 opacity-75" />
              <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-brand-400" />
            </span>
            Live signals
          </span>
          <span className="rounded-full bg-brand-400/10 px-3 py-1 text-xs font-medium text-brand-300">23 new signals found today</span>
        </figcaption>
        <ul className="mt-4 space-y-3">
          {heroLeads.map((lead) => (
            <li key={lead.name} className="flex items-center gap-3 rounded-xl border border-ink-700 bg-ink-900/70 p-3">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-ink-700 text-sm font-semibold text-slate-200"
              >
                {lead.name
                  .split(' ')
                  .map((p) => p[0])
                  .join('')}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-white">{lead.name}</span>
                <span className="block truncate text-xs text-slate-400">
                  {lead.title}, {lead.company}
                </span>
              </span>
              <span className="flex flex-col items-end gap-1">
                <IntentBadge intent={lead.intent} />
                <span className="text-xs text-slate-400">{lead.intentScore}% match</span>
              </span>
            </li>
          ))}
        </ul>
      </figure>
    </div>
  );
}
