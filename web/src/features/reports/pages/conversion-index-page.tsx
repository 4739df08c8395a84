import { FeatureGrid } from '@/components/content/feature-grid';
import { PageHero } from '@/components/content/page-hero';
import { Section } from '@/components/content/section';
import { JsonLd } from '@/components/ui/json-ld';
import { paths } from '@/config/paths';
import { baseUrl } from '@/lib/base-url';
import { DoDontColumns } from '../components/do-dont-columns';
import { FigureGrid } from '../components/figure-grid';
import { GrowthPlanCta } from '../components/growth-plan-cta';
import { RankingTable } from '../components/ranking-table';
import {
  indexHero,
  industryRanking,
  keyFindings,
  methodology,
  predictions,
  rankingCaption,
  rankingNotes,
  seasonalIntro,
  seasonalTrends,
  whatKills,
  whatWorks,
} from '../content/conversion-index';
import { reportArticleJsonLd } from '../lib/report-json-ld';

const route = paths.conversionIndex;

/** /reports/conversion-index (docs/product.md §8.2, report 4). */
export default function ConversionIndexPage() {
  return (
    <>
      <PageHero eyebrow={indexHero.eyebrow} title={indexHero.title} intro={<p>{indexHero.intro}</p>} stats={indexHero.stats} />
      <Section id="key-findings" eyebrow="Summary" title="Key Findings" intro={<p>{methodology}</p>}>
        <FigureGrid items={keyFindings} />
      </Section>
      <Section id="top-industries" eyebrow="Ranking" title="Top Industries by Reply Rate" intro={<p>{rankingNotes}</p>}>
        <RankingTable caption={rankingCaption} rows={industryRanking} rateLabel="Reply rate" changeLabel="Change" />
      </Section>
      <Section
        id="what-works"
        eyebrow="Practice"
        title="What Works and What Kills Conversion"
        intro={<p>The same six habits separate the top quartile of senders from the rest in every industry we rank.</p>}
      >
        <DoDontColumns doTitle="What works" doItems={whatWorks} dontTitle="What kills conversion" dontItems={whatKills} />
      </Section>
      <Section id="seasonal-trends" eyebrow="Timing" title="Seasonal Trends by Quarter" intro={<p>{seasonalIntro}</p>}>
        <FigureGrid items={seasonalTrends} />
      </Section>
      <Section id="predictions" eyebrow="Outlook" title="Predictions for the Year Ahead">
        <FeatureGrid items={predictions} />
      </Section>
      <GrowthPlanCta sourcePage={route.path} />
      <JsonLd
        data={reportArticleJsonLd(baseUrl(), {
          type: 'Report',
          path: route.path,
          headline: route.title,
          description: route.description,
          keywords: ['cold email benchmarks', 'reply rate by industry', 'email deliverability', 'sales prospecting'],
        })}
      />
    </>
  );
}
