import { proseClass } from '@/components/ui/styles';
import { PolicySection } from '../components/policy-section';
import { policyMeta, policySections, policySummary } from '../content/privacy-policy';

/** /privacy (docs/product.md §3.4): the privacy policy, last updated January 2025. */
export default function PrivacyPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 md:py-20">
      <header className="border-b border-ink-700 pb-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-400">Legal</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-white md:text-5xl">{policyMeta.title}</h1>
        <p className="mt-4 text-sm text-slate-400">{`Last updated ${policyMeta.lastUpdated}`}</p>
        <p className="mt-6 text-lg leading-8 text-slate-300">{policyMeta.intro}</p>
      </header>

      <section aria-labelledby="summary-title" className="mt-10 rounded-2xl border border-brand-400/25 bg-brand-400/5 p-6">
        <h2 id="summary-title" className="text-lg font-semibold text-white">
          The short version
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-6 text-slate-300 marker:text-brand-400">
          {policySummary.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <nav aria-label="Sections of this policy" className="mt-10">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-400">Contents</h2>
        <ol className="mt-3 grid gap-1 sm:grid-cols-2">
          {policySections.map((s, i) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="inline-flex min-h-10 items-center rounded-md text-slate-200 underline-offset-4 hover:text-white hover:underline"
              >
                {i + 1}. {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className={`${proseClass} mt-4`}>
        {policySections.map((section, i) => (
          <PolicySection key={section.id} section={section} number={i + 1} />
        ))}
      </div>
    </article>
  );
}
