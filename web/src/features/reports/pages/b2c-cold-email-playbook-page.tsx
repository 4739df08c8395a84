import { FeatureGrid } from '@/components/content/feature-grid';
import { PageHero } from '@/components/content/page-hero';
import { Section } from '@/components/content/section';
import { JsonLd } from '@/components/ui/json-ld';
import { cardClass } from '@/components/ui/styles';
import { paths } from '@/config/paths';
import { baseUrl } from '@/lib/base-url';
import { CallScriptSteps } from '../components/call-script-steps';
import { ColdEmailCampaignCard } from '../components/cold-email-campaign-card';
import { GrowthPlanCta } from '../components/growth-plan-cta';
import { reportArticleJsonLd } from '../lib/report-json-ld';
import {
  antiFragileIntro,
  antiFragilePrinciples,
  callScripts,
  campaigns,
  campaignsIntro,
  coldEmailHero,
  scriptsIntro,
} from '../content/cold-email-playbook';

const route = paths.b2cColdEmailPlaybook;

/** /reports/b2c-cold-email-playbook (docs/product.md §8.2, report 1). */
export default function B2cColdEmailPlaybookPage() {
  return (
    <>
      <PageHero
        eyebrow={coldEmailHero.eyebrow}
        title={coldEmailHero.title}
        intro={<p>{coldEmailHero.intro}</p>}
        stats={coldEmailHero.stats}
      />
      <Section id="anti-fragile" eyebrow="Positioning" title="Anti-Fragile Positioning" intro={<p>{antiFragileIntro}</p>}>
        <FeatureGrid items={antiFragilePrinciples} />
      </Section>
      <Section id="campaigns" eyebrow="The system" title="The Two-Campaign System" intro={<p>{campaignsIntro}</p>}>
        <div className="space-y-8">
          {campaigns.map((c) => (
            <ColdEmailCampaignCard key={c.id} campaign={c} />
          ))}
        </div>
      </Section>
      <Section id="call-scripts" eyebrow="From reply to deal" title="Sales Call Scripts" intro={<p>{scriptsIntro}</p>}>
        <div className="grid gap-6 lg:grid-cols-2">
          {callScripts.map((s) => (
            <article key={s.id} aria-labelledby={`script-${s.id}`} className={`${cardClass} p-6 md:p-8`}>
              <h3 id={`script-${s.id}`} className="text-xl font-bold text-white">
                {s.title}
              </h3>
              <p className="mt-1 mb-6 text-sm text-slate-400">{s.context}</p>
              <CallScriptSteps steps={s.steps} />
            </article>
          ))}
        </div>
      </Section>
      <GrowthPlanCta sourcePage={route.path} />
      <JsonLd
        data={reportArticleJsonLd(baseUrl(), {
          path: route.path,
          headline: route.title,
          description: route.description,
          keywords: ['cold email', 'local business marketing', 'dentist marketing', 'spa marketing', 'sales call script'],
        })}
      />
    </>
  );
}
