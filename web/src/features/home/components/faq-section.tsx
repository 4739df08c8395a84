import { ChevronDown } from 'lucide-react';
import { JsonLd } from '@/components/ui/json-ld';
import { faqs } from '../content/faqs';
import { faqPageJsonLd } from '../lib/structured-data';
import { SectionHeading } from './section-heading';
import { sectionClass } from './styles';

/** Frequently asked questions as native disclosures, plus matching FAQPage structured data. */
export function FaqSection() {
  return (
    <section aria-labelledby="faq-title" className={sectionClass}>
      <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions sales leaders ask us" />
      <div className="mx-auto max-w-3xl space-y-3">
        {faqs.map((faq) => (
          <details key={faq.question} className="group rounded-xl border border-ink-700 bg-ink-800/60 open:bg-ink-800">
            <summary className="flex min-h-14 list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-white [&::-webkit-details-marker]:hidden">
              {faq.question}
              <ChevronDown aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180" />
            </summary>
            <p className="px-5 pb-5 text-sm leading-relaxed text-slate-300">{faq.answer}</p>
          </details>
        ))}
      </div>
      <JsonLd data={faqPageJsonLd(faqs)} />
    </section>
  );
}
