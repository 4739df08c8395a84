import { onboardingSteps } from '@/lib/onboarding-fields';

/** The progress bar ((step-1)/8 filled) and one dot per step. */
export function StepProgress({ step }: { step: number }) {
  const total = onboardingSteps.length;
  const percent = ((step - 1) / total) * 100;

  return (
    <div>
      <div className="flex items-center justify-between text-xs font-medium text-slate-400">
        <span>
          Step {step} of {total}
        </span>
        <span>{Math.round(percent)}% complete</span>
      </div>
      <div
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`Step ${step} of ${total}`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-ink-700"
      >
        <div
          data-testid="progress-fill"
          className="h-full rounded-full bg-brand-400 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      <ol aria-hidden="true" className="mt-4 flex items-center justify-between gap-1">
        {onboardingSteps.map((s, i) => {
          const n = i + 1;
          const state = n < step ? 'done' : n === step ? 'current' : 'todo';
          return (
            <li key={s.title} className="flex flex-1 justify-center">
              <span
                data-state={state}
                className={`block h-2.5 w-2.5 rounded-full transition-colors sm:h-3 sm:w-3 ${
                  state === 'done' ? 'bg-brand-400' : state === 'current' ? 'bg-white ring-4 ring-brand-400/40' : 'bg-ink-600'
                }`}
              />
            </li>
          );
        })}
      </ol>
    </div>
  );
}
