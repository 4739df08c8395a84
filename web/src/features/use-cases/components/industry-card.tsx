import { cardClass } from '@/components/ui/styles';
import type { IndustryUseCase } from '../content/types';
import { CheckList } from './check-list';

/** One industry: its challenges, how teams use Signalpipe and a customer's result. */
export function IndustryCard({ industry }: { industry: IndustryUseCase }) {
  const { id, icon: Icon, title, description, challenges, useCases, results } = industry;
  return (
    <article id={id} aria-labelledby={`${id}-title`} className={`${cardClass} scroll-mt-24 flex flex-col p-6 md:p-8`}>
      <div className="flex items-center gap-3">
        <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-400/10 text-brand-300">
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
        <h3 id={`${id}-title`} className="text-2xl font-bold text-white">
          {title}
        </h3>
      </div>
      <p className="mt-4 leading-7 text-slate-300">{description}</p>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <div>
          <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-400">The challenge</h4>
          <div className="mt-3">
            <CheckList items={challenges} tone="problem" />
          </div>
        </div>
        <div>
          <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-400">How teams use Signalpipe</h4>
          <div className="mt-3">
            <CheckList items={useCases} />
          </div>
        </div>
      </div>
      <figure className="mt-auto pt-6">
        <div className="rounded-xl border border-brand-400/20 bg-brand-400/5 p-5">
          <p className="flex flex-wrap items-baseline gap-x-3">
            <span className="text-3xl font-extrabold text-brand-300">{results.metric}</span>
            <span className="text-sm text-slate-300">{results.label}</span>
          </p>
          <blockquote className="mt-4 text-sm italic leading-6 text-slate-200">
            <p>“{results.testimonial.quote}”</p>
          </blockquote>
          <figcaption className="mt-3 text-sm text-slate-400">
            <span className="font-semibold text-white">{results.testimonial.author}</span>, {results.testimonial.role}
          </figcaption>
        </div>
      </figure>
    </article>
  );
}
