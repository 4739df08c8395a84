/** One stage of a timeline or roadmap. */
export interface TimelineStage {
  /** When, e.g. "Weeks 1-4" or "Week 2". */
  when: string;
  title: string;
  description: string;
  points?: readonly string[];
  /** What is true at the end of the stage. */
  outcome?: string;
}

/** A vertical, numbered timeline of stages (h3 titles). */
export function GuideTimeline({ stages }: { stages: readonly TimelineStage[] }) {
  return (
    <ol className="relative space-y-6 border-l border-ink-600 pl-6 sm:pl-8">
      {stages.map((s, i) => (
        <li key={s.title} className="relative">
          <span
            aria-hidden="true"
            className="absolute -left-[2.35rem] top-0 flex h-7 w-7 items-center justify-center rounded-full border border-brand-400/40 bg-ink-900 text-xs font-bold text-brand-300 sm:-left-[2.85rem]"
          >
            {i + 1}
          </span>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-400">{s.when}</p>
          <h3 className="mt-1 text-xl font-semibold text-white">{s.title}</h3>
          <p className="mt-2 max-w-3xl leading-7 text-slate-300">{s.description}</p>
          {s.points && (
            <ul className="mt-3 max-w-3xl space-y-1.5 text-slate-300">
              {s.points.map((p) => (
                <li key={p} className="flex gap-2">
                  <span aria-hidden="true" className="mt-2.5 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-400" />
                  {p}
                </li>
              ))}
            </ul>
          )}
          {s.outcome && (
            <p className="mt-3 max-w-3xl rounded-lg border border-ink-700 bg-ink-800/60 px-4 py-2.5 text-sm text-slate-200">
              <span className="font-semibold text-white">Outcome: </span>
              {s.outcome}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
