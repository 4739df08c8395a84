import { Section } from '@/components/content/section';
import type { Phase } from '../content/ai-first-guide-content';
import { AiFirstChecklist } from './ai-first-checklist';
import { GuideCodeSample } from './guide-code-sample';

/** One phase of the AI-first guide: goal, numbered steps with code, then its checklist. */
export function AiFirstPhase({ phase }: { phase: Phase }) {
  return (
    <Section id={phase.id} eyebrow={phase.weeks} title={phase.title} intro={<p>{phase.goal}</p>}>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ol className="min-w-0 space-y-10">
          {phase.steps.map((step, i) => (
            <li key={step.title} className="min-w-0">
              <h3 className="flex items-baseline gap-3 text-xl font-semibold text-white">
                <span aria-hidden="true" className="text-brand-400">
                  {i + 1}.
                </span>
                <span>
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </span>
              </h3>
              <p className="mt-2 max-w-3xl leading-7 text-slate-300">{step.body}</p>
              {step.code && (
                <div className="mt-4">
                  <GuideCodeSample sample={step.code} />
                </div>
              )}
            </li>
          ))}
        </ol>
        <div className="lg:sticky lg:top-24 lg:self-start">
          <AiFirstChecklist id={phase.id} title={`${phase.title} checklist`} items={phase.checklist} />
        </div>
      </div>
    </Section>
  );
}
