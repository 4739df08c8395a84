import { FeatureGrid } from '@/components/content/feature-grid';
import { PageHero } from '@/components/content/page-hero';
import { Section } from '@/components/content/section';
import { JsonLd } from '@/components/ui/json-ld';
import { cardClass } from '@/components/ui/styles';
import { paths } from '@/config/paths';
import { baseUrl } from '@/lib/base-url';
import { DataTable } from '@/components/content/data-table';
import { GrowthPlanCta } from '../components/growth-plan-cta';
import { GuideMetricGrid } from '../components/guide-metric-grid';
import { GuideProse } from '../components/guide-prose';
import { GuideQuote } from '../components/guide-quote';
import { Timeline } from '../components/timeline';
import { parkwiseCaseStudy as c } from '../content/parkwise-case-study-content';
import { reportArticleJsonLd } from '../lib/report-json-ld';

/** /reports/parkwise-case-study: challenge, strategy, three phases, results and a quote. */
export default function ParkwiseCaseStudyPage() {
  return (
    <>
      <PageHero eyebrow={c.eyebrow} title={c.title} intro={<p>{c.intro}</p>} stats={c.stats} />

      <Section id="challenge" eyebrow="The challenge" title="A great product sold at the wrong moment" intro={<p>{c.challenge.intro}</p>}>
        <GuideProse paragraphs={c.challenge.paragraphs} className="mb-10" />
        <FeatureGrid items={c.challenge.pains} />
      </Section>

      <Section id="strategy" eyebrow="The strategy" title="Sell only into open buying windows" intro={<p>{c.strategy.intro}</p>}>
        <FeatureGrid items={c.strategy.signals} />
        <p className={`${cardClass} mt-8 max-w-4xl p-6 leading-7 text-slate-200`}>{c.strategy.scoring}</p>
      </Section>

      <Section id="timeline" eyebrow="The rollout" title="Three phases over 24 weeks">
        <Timeline steps={c.timeline} />
      </Section>

      <Section id="results" eyebrow="The results" title="Fewer emails, four times the meetings">
        <GuideMetricGrid metrics={c.results} />
        <div className="mt-10">
          <DataTable table={c.comparison} />
        </div>
      </Section>

      <section aria-label="Customer quote" className="px-4 pb-4 sm:px-6">
        <GuideQuote quote={c.quote} />
      </section>

      <Section id="lessons" eyebrow="What to take from it" title="Three lessons for your own team">
        <FeatureGrid items={c.lessons} />
      </Section>

      <GrowthPlanCta
        sourcePage={c.path}
        title="Find the buying windows in your market"
        text="We will map the signals that precede your last wins, score them against your ideal customer profile and show you this week's in-market accounts."
      />
      <JsonLd
        data={reportArticleJsonLd(baseUrl(), {
          path: c.path,
          headline: c.title,
          description: paths.parkwiseCaseStudy.description,
          keywords: ['case study', 'parking technology', 'buying intent', 'B2B pipeline'],
        })}
      />
    </>
  );
}
