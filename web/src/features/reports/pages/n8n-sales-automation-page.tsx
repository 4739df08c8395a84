import { PageHero } from '@/components/content/page-hero';
import { Section } from '@/components/content/section';
import { JsonLd } from '@/components/ui/json-ld';
import { paths } from '@/config/paths';
import { baseUrl } from '@/lib/base-url';
import { GuideCodeSample } from '../components/guide-code-sample';
import { DataTable } from '@/components/content/data-table';
import { GrowthPlanCta } from '../components/growth-plan-cta';
import { GuideNumberedList } from '../components/guide-numbered-list';
import { GuideProse } from '../components/guide-prose';
import { Timeline } from '../components/timeline';
import { automationCodeSamples } from '../content/n8n-sales-automation-code';
import { automationGuide as g } from '../content/n8n-sales-automation-content';
import { reportArticleJsonLd } from '../lib/report-json-ld';

/** /reports/n8n-sales-automation: five automations, two code samples, a roadmap and costs. */
export default function N8nSalesAutomationPage() {
  return (
    <>
      <PageHero eyebrow={g.eyebrow} title={g.title} intro={<p>{g.intro}</p>} stats={g.stats} />

      <Section id="why-n8n" eyebrow="Why n8n" title="The right tool for sales workflows">
        <GuideProse paragraphs={g.why} />
      </Section>

      <Section id="automations" eyebrow="The workflows" title="Five core automations">
        <GuideNumberedList items={g.automations} noun="Automation" />
      </Section>

      <Section
        id="code"
        eyebrow="Code samples"
        title="Two pieces you can paste in today"
        intro={<p>The workflow that alerts your team to hot leads, and the Code node that scores them.</p>}
      >
        <div className="grid gap-8">
          {automationCodeSamples.map((sample) => (
            <GuideCodeSample key={sample.title} sample={sample} />
          ))}
        </div>
      </Section>

      <Section id="roadmap" eyebrow="The roadmap" title="From zero to production in four weeks">
        <Timeline steps={g.roadmap} />
      </Section>

      <Section id="costs" eyebrow="The numbers" title="What automation costs compared with doing it by hand">
        <DataTable table={g.costTable} />
      </Section>

      <GrowthPlanCta
        sourcePage={g.path}
        title="Want the workflows without building them?"
        text="Signalpipe sends scored, verified buying signals to your n8n webhook, CRM or Slack. We will map your current process and show you where the first automation pays off."
      />
      <JsonLd
        data={reportArticleJsonLd(baseUrl(), {
          path: g.path,
          headline: g.title,
          description: paths.n8nSalesAutomation.description,
          keywords: ['n8n', 'sales automation', 'lead scoring', 'workflow automation'],
          type: 'TechArticle',
        })}
      />
    </>
  );
}
