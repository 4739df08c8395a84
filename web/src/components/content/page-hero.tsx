import type { ReactNode } from 'react';

/** A headline figure shown under a hero, e.g. "275+" "pages". */
export interface HeroStat {
  value: string;
  label: string;
}

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  intro: ReactNode;
  /** Calls to action (links or buttons). */
  actions?: ReactNode;
  stats?: readonly HeroStat[];
}

/** The opening block of a content page: eyebrow, the page's h1, intro, actions and figures. */
export function PageHero({ eyebrow, title, intro, actions, stats }: PageHeroProps) {
  return (
    <header className="relative overflow-hidden border-b border-ink-700 bg-gradient-to-b from-ink-800/80 to-ink-900">
      <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6 md:py-24">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-brand-400">{eyebrow}</p>}
        <h1 className="mt-3 text-balance text-4xl font-extrabold tracking-tight text-white md:text-5xl">{title}</h1>
        <div className="mx-auto mt-5 max-w-2xl text-lg text-slate-300">{intro}</div>
        {actions && <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>}
        {stats && stats.length > 0 && (
          <dl className="mx-auto mt-10 grid max-w-3xl grid-cols-2 gap-4 sm:grid-cols-4">
            {stats.map((s) => (
              <div key={s.label} className="rounded-xl border border-ink-700 bg-ink-800/60 p-4">
                <dt className="text-xs uppercase tracking-wide text-slate-400">{s.label}</dt>
                <dd className="mt-1 text-2xl font-bold text-white">{s.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </header>
  );
}
