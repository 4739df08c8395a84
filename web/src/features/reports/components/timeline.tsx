import { BulletList } from '@/components/content/bullet-list';
import { cardClass } from '@/components/ui/styles';

/** One step of a process, stage of a timeline or week of a roadmap. */
export interface TimelineStep {
  title: string;
  /** Short marker shown above the title, e.g. "Weeks 1-4" or "Day 1-2". */
  when?: string;
  description: string;
  points?: readonly string[];
  /** What is true at the end of the step. */
  outcome?: string;
}

function StepText({ step }: { step: TimelineStep }) {
  return (
    <div className="min-w-0 max-w-3xl">
      {step.when && <p className="text-xs font-semibold uppercase tracking-wider text-brand-300">{step.when}</p>}
      <h3 className="mt-1 text-lg font-semibold text-white">{step.title}</h3>
      <p className="mt-2 leading-7 text-slate-300">{step.description}</p>
      {step.points && <BulletList items={step.points} className="mt-3 space-y-1.5 leading-7 text-slate-300" />}
      {step.outcome && (
        <p className="mt-3 rounded-lg border border-ink-700 bg-ink-800/60 px-4 py-2.5 text-sm text-slate-200">
          <span className="font-semibold text-white">Outcome: </span>
          {step.outcome}
        </p>
      )}
    </div>
  );
}

const looks = {
  /** Numbered markers on a vertical rule: a roadmap or a case study's phases. */
  rail: {
    list: 'relative space-y-6 border-l border-ink-600 pl-6 sm:pl-8',
    item: 'relative',
    marker:
      'absolute -left-[2.35rem] top-0 flex h-7 w-7 items-center justify-center rounded-full border border-brand-400/40 bg-ink-900 text-xs font-bold text-brand-300 sm:-left-[2.85rem]',
  },
  /** One card per step with a filled number: a process to follow. */
  cards: {
    list: 'space-y-4',
    item: `${cardClass} flex gap-4 p-5 md:gap-6 md:p-6`,
    marker: 'flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-400 text-base font-bold text-ink-950',
  },
} as const;

/** A numbered, vertical sequence of steps (an <ol> with h3 titles), as a rail or as cards. */
export function Timeline({ steps, look = 'rail' }: { steps: readonly TimelineStep[]; look?: keyof typeof looks }) {
  const c = looks[look];
  return (
    <ol className={c.list}>
      {steps.map((s, i) => (
        <li key={s.title} className={c.item}>
          <span aria-hidden="true" className={c.marker}>
            {i + 1}
          </span>
          <StepText step={s} />
        </li>
      ))}
    </ol>
  );
}
