import { ArrowRight, BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import { FeatureGrid } from '@/components/content/feature-grid';
import { PageHero } from '@/components/content/page-hero';
import { Section } from '@/components/content/section';
import { JsonLd } from '@/components/ui/json-ld';
import { cardClass, primaryButton, proseClass, secondaryButton } from '@/components/ui/styles';
import { paths } from '@/config/paths';
import { baseUrl } from '@/lib/base-url';
import { GuideToc } from '../components/guide-toc';
import { DataTable } from '@/components/content/data-table';
import { PlanTabs } from '../components/plan-tabs';
import { SectionLink } from '../components/section-link';
import { SignalCard } from '../components/signal-card';
import { guide } from '../content/guide-content';
import { intentSignals } from '../content/intent-signals';
import { guideArticleJsonLd } from '../lib/guide-json-ld';

const bullet = (text: string) => (
  <li key={text} className="flex gap-2.5 leading-7">
    <span aria-hidden="true" className="mt-3 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-400" />
    <span>{text}</span>
  </li>
);

/** /buying-intent-guide: the seven signals, scoring, timing, outreach, ROI and a 30-60-90-day plan. */
export default function BuyingIntentGuidePage() {
  return (
    <>
      <PageHero
        eyebrow={guide.eyebrow}
        title={guide.title}
        intro={<p>{guide.intro}</p>}
        stats={guide.stats}
        actions={
          <>
            <SectionLink to="signals" className={primaryButton}>
              <BookOpen aria-hidden="true" className="h-4 w-4" />
              Start Reading
            </SectionLink>
            <Link to={paths.demo.path} className={secondaryButton}>
              See It In Action
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </>
        }
      />
      <GuideToc entries={guide.toc} />

      <Section id="what-is-buying-intent" eyebrow="The basics" title="What buying intent is">
        <div className={proseClass}>
          {guide.whatIs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </Section>

      <Section
        id="signals"
        eyebrow="The signals"
        title="The 7 intent signals that convert"
        intro={
          <p>
            Ordered from strongest to weakest. Reply rates are typical for signal-led outreach that follows the timing and message guidance
            in this guide; cold outbound averages 1-2%.
          </p>
        }
      >
        <div className="space-y-6">
          {intentSignals.map((s, i) => (
            <SignalCard key={s.id} signal={s} index={i} />
          ))}
        </div>
      </Section>

      <Section id="scoring" eyebrow="Scoring" title="When a signal is worth acting on" intro={<p>{guide.scoring.intro}</p>}>
        <ul className="mb-10 max-w-3xl space-y-2 text-slate-300">{guide.scoring.points.map(bullet)}</ul>
        <DataTable table={guide.scoring.table} />
      </Section>

      <Section id="timing" eyebrow="Timing" title="The response window" intro={<p>{guide.timing.intro}</p>}>
        <FeatureGrid columns={2} items={guide.timing.rules.map((r) => ({ title: r.title, description: r.text }))} />
      </Section>

      <Section id="outreach" eyebrow="Outreach" title="Writing outreach that converts" intro={<p>{guide.outreach.intro}</p>}>
        <FeatureGrid columns={4} items={guide.outreach.anatomy.map((a) => ({ title: a.title, description: a.text }))} />
        <div className={`${cardClass} mt-8 p-6`}>
          <h3 className="text-lg font-semibold text-white">Rules every message follows</h3>
          <ul className="mt-3 space-y-1 text-slate-300">{guide.outreach.rules.map(bullet)}</ul>
        </div>
      </Section>

      <Section id="roi" eyebrow="ROI comparison" title="Intent-led versus cold outreach" intro={<p>{guide.roi.intro}</p>}>
        <dl className="mb-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {guide.roi.highlights.map((h) => (
            <div key={h.label} className={`${cardClass} flex flex-col p-5`}>
              <dt className="order-2 mt-1 font-semibold text-white">{h.label}</dt>
              <dd className="order-1 text-3xl font-extrabold text-brand-300">{h.value}</dd>
              <dd className="order-3 mt-1 text-sm text-slate-300">{h.detail}</dd>
            </div>
          ))}
        </dl>
        <DataTable table={guide.roi.table} />
      </Section>

      <Section
        id="plan"
        eyebrow="Rollout"
        title="Your 30-60-90-day plan"
        intro={<p>Goals are starting points for a team of two to five reps; scale them to your team.</p>}
      >
        <PlanTabs periods={guide.plan} />
      </Section>

      <Section id="get-started" eyebrow="Next step" title="See your market’s buying signals">
        <div className="rounded-3xl border border-brand-400/30 bg-gradient-to-br from-brand-500/15 via-ink-800 to-ink-800 p-8 md:p-12">
          <p className="max-w-2xl text-lg text-slate-200">
            Get a free sample of leads showing intent in your market this week, scored against your ideal customer profile, with a drafted
            first message for each.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.demo.path} className={primaryButton}>
              Get My Free Sample
            </Link>
            <Link to={paths.demo.path} className={secondaryButton}>
              Book a Demo
            </Link>
            <Link to={paths.resources.path} className={secondaryButton}>
              Get Free Resources
            </Link>
          </div>
        </div>
      </Section>

      <JsonLd
        data={guideArticleJsonLd(baseUrl(), {
          path: guide.path,
          headline: guide.title,
          description: paths.buyingIntentGuide.description,
          sections: guide.toc,
        })}
      />
    </>
  );
}
