import { cardClass } from '@/components/ui/styles';

/** One step of a process, phase of a timeline or week of a roadmap. */
export interface TimelineStep {
  title: string;
  /** Short marker shown above the title, e.g. "Day 1-2" or "Week 3". */
  when?: string;
  description: string;
  points?: readonly string[];
}

/**
 * A numbered, vertical sequence of steps (an <ol> with h3 titles). Generic:
 * fits a five-step process, a three-phase timeline or a four-week roadmap.
 */
export function StepTimeline({ steps }: { steps: readonly TimelineStep[] }) {
  return (
    <ol className="space-y-4">
      {steps.map((s, i) => (
        <li key={s.title} className={`${cardClass} flex gap-4 p-5 md:gap-6 md:p-6`}>
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-400 text-base font-bold text-ink-950"
          >
            {i + 1}
          </span>
          <div className="min-w-0 max-w-3xl">
            {s.when && <p className="text-xs font-semibold uppercase tracking-wider text-brand-300">{s.when}</p>}
            <h3 className="text-lg font-semibold text-white">
              <span className="sr-only">Step {i + 1}: </span>
              {s.title}
            </h3>
            <p className="mt-2 text-sm leading-6 text-slate-300">{s.description}</p>
            {s.points && (
              <ul className="mt-3 space-y-1.5 text-sm text-slate-300">
                {s.points.map((p) => (
                  <li key={p} className="flex gap-2">
                    <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-400" />
                    {p}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
