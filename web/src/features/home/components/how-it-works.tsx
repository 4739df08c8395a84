import { steps } from '../content/steps';
import { SectionHeading } from './section-heading';
import { cardClass, sectionClass } from './styles';

/** The three steps from ideal customer profile to qualified prospects. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className={sectionClass}>
      <SectionHeading
        id="how-title"
        eyebrow="How it works"
        title="From ideal customer to booked call in three steps"
        intro="No lists to buy and no research to do. Tell us who you sell to and let the agents find the people who need you now."
      />
      <ol className="grid gap-6 md:grid-cols-3">
        {steps.map((step, i) => (
          <li key={step.title} className={`${cardClass} relative p-6`}>
            <span
              aria-hidden="true"
              className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-400/10 text-lg font-bold text-brand-400"
            >
              {i + 1}
            </span>
            <h3 className="mt-5 text-lg font-semibold text-white">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-300">{step.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
