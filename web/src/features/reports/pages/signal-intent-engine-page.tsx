import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { PageHero } from '@/components/content/page-hero';
import { Section } from '@/components/content/section';
import { JsonLd } from '@/components/ui/json-ld';
import { primaryButton } from '@/components/ui/styles';
import { paths } from '@/config/paths';
import { baseUrl } from '@/lib/base-url';
import { GrowthPlanCta } from '../components/growth-plan-cta';
import { GuideProse } from '../components/guide-prose';
import { IntentEngineDiagram } from '../components/intent-engine-diagram';
import { intentEngine as e, type ArticleSection } from '../content/signal-intent-engine-content';
import { reportArticleJsonLd } from '../lib/report-json-ld';

/** /reports/signal-intent-engine: an eight-section article with the 4-layer diagram. */
export default function SignalIntentEnginePage() {
  return (
    <>
      <PageHero eyebrow={e.eyebrow} title={e.title} intro={<p>{e.intro}</p>} stats={e.stats} />
      {e.sections.map((s, i) => (
        <Section key={s.id} id={s.id} eyebrow={`Section ${i + 1} of ${e.sections.length}`} title={s.title} className="py-10! md:py-12!">
          <ArticleBody section={s} />
          {s.id === 'architecture' && (
            <div className="mt-8">
              <IntentEngineDiagram layers={e.layers} />
            </div>
          )}
          {s.id === 'get-started' && (
            <Link to={paths.demo.path} className={`${primaryButton} mt-8`}>
              Try the Engine in the Live Demo
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          )}
        </Section>
      ))}
      <GrowthPlanCta
        sourcePage={e.path}
        title="Point the engine at your market"
        text="Tell us who you sell to and we will show you the signals the engine finds for your ideal customer profile, scored and ready to act on."
      />
      <JsonLd
        data={reportArticleJsonLd(baseUrl(), {
          path: e.path,
          headline: e.title,
          description: paths.signalIntentEngine.description,
          keywords: ['intent data', 'buying signals', 'lead scoring', 'sales intelligence architecture'],
          type: 'TechArticle',
        })}
      />
    </>
  );
}

function ArticleBody({ section }: { section: ArticleSection }) {
  return (
    <>
      <GuideProse paragraphs={section.paragraphs} />
      {section.points && (
        <ul className="mt-5 max-w-3xl space-y-2 text-slate-300">
          {section.points.map((p) => (
            <li key={p} className="flex gap-2.5 leading-7">
              <span aria-hidden="true" className="mt-3 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-400" />
              <span>{p}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
