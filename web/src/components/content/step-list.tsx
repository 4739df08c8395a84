import { cardClass } from '@/components/ui/styles';

/** One numbered step of a process. */
export interface Step {
  title: string;
  description: string;
}

/**
 * A numbered process (an ordered list of cards with h3 titles). The number is
 * decorative; screen readers hear "Step n:" before each title.
 */
export function StepList({ steps }: { steps: readonly Step[] }) {
  const cols = steps.length === 4 ? 'md:grid-cols-2 lg:grid-cols-4' : 'md:grid-cols-3';
  return (
    <ol className={`grid gap-5 ${cols}`}>
      {steps.map((step, i) => (
        <li key={step.title} className={`${cardClass} p-6`}>
          <span
            aria-hidden="true"
            className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-400/10 font-bold text-brand-300"
          >
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-white">
            <span className="sr-only">Step {i + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-sm leading-6 text-slate-300">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
