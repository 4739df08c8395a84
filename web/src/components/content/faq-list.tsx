import { ChevronDown } from 'lucide-react';
import { JsonLd } from '@/components/ui/json-ld';

/** One question and its answer. */
export interface Faq {
  question: string;
  answer: string;
}

/** schema.org FAQPage data for a list of questions. */
export function faqPageData(items: readonly Faq[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((f) => ({
      '@type': 'Question',
      name: f.question,
      acceptedAnswer: { '@type': 'Answer', text: f.answer },
    })),
  };
}

/**
 * Collapsible questions built on <details>, so they work before any script
 * runs, with matching FAQPage structured data.
 */
export function FaqList({ items }: { items: readonly Faq[] }) {
  return (
    <>
      <div className="divide-y divide-ink-700 rounded-2xl border border-ink-700 bg-ink-800/40">
        {items.map((f) => (
          <details key={f.question} className="group px-5 py-1">
            <summary className="flex min-h-12 list-none items-center justify-between gap-4 py-3 font-medium text-white [&::-webkit-details-marker]:hidden">
              {f.question}
              <ChevronDown aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180" />
            </summary>
            <p className="pb-4 text-sm leading-6 text-slate-300">{f.answer}</p>
          </details>
        ))}
      </div>
      <JsonLd data={faqPageData(items)} />
    </>
  );
}
