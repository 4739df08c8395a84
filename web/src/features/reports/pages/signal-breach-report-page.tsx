import { PageHero } from '@/components/content/page-hero';
import { Section } from '@/components/content/section';
import { JsonLd } from '@/components/ui/json-ld';
import { paths } from '@/config/paths';
import { baseUrl } from '@/lib/base-url';
import { BreachEmailPlay } from '../components/breach-email-play';
import { GuideCallout } from '../components/guide-callout';
import { DataTable } from '@/components/content/data-table';
import { GrowthPlanCta } from '../components/growth-plan-cta';
import { GuideNumberedList } from '../components/guide-numbered-list';
import { GuideProse } from '../components/guide-prose';
import { GuideToolGroups } from '../components/guide-tool-groups';
import { breachReport as r } from '../content/signal-breach-report-content';
import { reportArticleJsonLd } from '../lib/report-json-ld';

/** /reports/signal-breach-report: five pillars, two email plays, tools and a warning. */
export default function SignalBreachReportPage() {
  const lastPillar = r.pillars.length - 1;
  return (
    <>
      <PageHero eyebrow={r.eyebrow} title={r.title} intro={<p>{r.intro}</p>} stats={r.stats} />

      <Section id="breach" eyebrow="The idea" title="What a breach is, and why volume misses it">
        <GuideProse paragraphs={r.definition} />
      </Section>

      <Section id="pillars" eyebrow="The system" title="The five pillars">
        <GuideNumberedList
          items={r.pillars}
          noun="Pillar"
          extra={(_, i) =>
            i === lastPillar && (
              <div className="mt-6">
                <DataTable table={r.engagementTable} />
              </div>
            )
          }
        />
      </Section>

      <Section
        id="plays"
        eyebrow="Sample email plays"
        title="Two plays to run this week"
        intro={<p>Each play has a trigger, a recipient, a timing rule and two short emails. Copy the structure, not the words.</p>}
      >
        <div className="space-y-8">
          {r.plays.map((play) => (
            <BreachEmailPlay key={play.name} play={play} />
          ))}
        </div>
      </Section>

      <Section id="tools" eyebrow="The stack" title="Tools to run the system">
        <GuideToolGroups groups={r.tools} />
      </Section>

      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
        <GuideCallout callout={r.warning} />
      </div>

      <GrowthPlanCta
        sourcePage={r.path}
        title="See which accounts in your market breached this week"
        text="We will set your breach threshold against your ideal customer profile and show you the accounts crossing it, with the signal and a drafted first email."
      />
      <JsonLd
        data={reportArticleJsonLd(baseUrl(), {
          path: r.path,
          headline: r.title,
          description: paths.signalBreachReport.description,
          keywords: ['sales system', 'buying signals', 'lead scoring', 'cold email plays'],
        })}
      />
    </>
  );
}
