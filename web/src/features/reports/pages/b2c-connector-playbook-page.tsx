import { FeatureGrid } from '@/components/content/feature-grid';
import { PageHero } from '@/components/content/page-hero';
import { Section } from '@/components/content/section';
import { JsonLd } from '@/components/ui/json-ld';
import { paths } from '@/config/paths';
import { baseUrl } from '@/lib/base-url';
import { FigureGrid } from '../components/figure-grid';
import { GrowthPlanCta } from '../components/growth-plan-cta';
import { RevenueStreamCards } from '../components/revenue-stream-cards';
import { Timeline } from '../components/timeline';
import {
  connectorHero,
  connectorModel,
  connectorModelIntro,
  exampleEngagements,
  metricsIntro,
  processIntro,
  processSteps,
  resultFigures,
  resultsIntro,
  revenueStreams,
  successMetrics,
} from '../content/connector-playbook';
import { reportArticleJsonLd } from '../lib/report-json-ld';

const route = paths.b2cConnectorPlaybook;

/** /reports/b2c-connector-playbook (docs/product.md §8.2, report 3). */
export default function B2cConnectorPlaybookPage() {
  return (
    <>
      <PageHero
        eyebrow={connectorHero.eyebrow}
        title={connectorHero.title}
        intro={<p>{connectorHero.intro}</p>}
        stats={connectorHero.stats}
      />
      <Section id="results" eyebrow="Proven results" title="Proven Results" intro={<p>{resultsIntro}</p>}>
        <FigureGrid items={resultFigures} />
        <h3 className="mt-12 mb-5 text-xl font-semibold text-white">Example engagements</h3>
        <FeatureGrid items={exampleEngagements} />
      </Section>
      <Section id="connector-model" eyebrow="How it works" title="The Connector Model" intro={<p>{connectorModelIntro}</p>}>
        <FeatureGrid items={connectorModel} />
      </Section>
      <Section
        id="revenue-streams"
        eyebrow="What to charge"
        title="Three Revenue Streams"
        intro={
          <p>
            Stack all three. The setup fee covers your costs, the retainer covers your time, and the revenue share is where the upside is.
          </p>
        }
      >
        <RevenueStreamCards streams={revenueStreams} />
      </Section>
      <Section id="process" eyebrow="Launch plan" title="The Five-Step Process" intro={<p>{processIntro}</p>}>
        <Timeline steps={processSteps} look="cards" />
      </Section>
      <Section id="metrics" eyebrow="Measure" title="Success Metrics" intro={<p>{metricsIntro}</p>}>
        <FigureGrid items={successMetrics} columns={3} />
      </Section>
      <GrowthPlanCta sourcePage={route.path} />
      <JsonLd
        data={reportArticleJsonLd(baseUrl(), {
          path: route.path,
          headline: route.title,
          description: route.description,
          keywords: ['referral business', 'lead brokering', 'revenue share', 'buying signals', 'local lead generation'],
        })}
      />
    </>
  );
}
