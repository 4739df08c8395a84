/** One step of a sales call script. */
export interface ScriptStep {
  title: string;
  /** What the step must achieve before moving on. */
  goal: string;
  /** Lines to say, in order. */
  say: readonly string[];
  /** Coaching note: what to listen for, or how to handle the usual objection. */
  tip?: string;
}

/**
 * A numbered call script: per step its goal, the lines to say (as quotes) and
 * a coaching tip. Generic for any report with talk tracks. Step titles are h4,
 * so place it under an h3.
 */
export function CallScriptSteps({ steps }: { steps: readonly ScriptStep[] }) {
  return (
    <ol className="space-y-5">
      {steps.map((s, i) => (
        <li key={s.title} className="relative border-l-2 border-brand-400/40 pl-5">
          <h4 className="font-semibold text-white">
            <span className="text-brand-300">Step {i + 1}.</span> {s.title}
          </h4>
          <p className="mt-1 text-sm text-slate-400">Goal: {s.goal}</p>
          <div className="mt-3 space-y-2">
            {s.say.map((line) => (
              <blockquote key={line} className="rounded-lg bg-ink-950/60 px-4 py-2.5 text-sm leading-6 text-slate-200">
                “{line}”
              </blockquote>
            ))}
          </div>
          {s.tip && (
            <p className="mt-3 text-sm leading-6 text-slate-300">
              <span className="font-semibold text-brand-300">Tip: </span>
              {s.tip}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
