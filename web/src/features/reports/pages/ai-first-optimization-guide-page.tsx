import { ArrowLeft, CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { PageHero } from '@/components/content/page-hero';
import { Section } from '@/components/content/section';
import { BookingLink } from '@/components/layout/booking-link';
import { JsonLd } from '@/components/ui/json-ld';
import { primaryButton, secondaryButton } from '@/components/ui/styles';
import { paths } from '@/config/paths';
import { baseUrl } from '@/lib/base-url';
import { AiFirstPhase } from '../components/ai-first-phase';
import { GrowthPlanCta } from '../components/growth-plan-cta';
import { Timeline } from '../components/timeline';
import { aiFirstGuide as g } from '../content/ai-first-guide-content';
import { aiFirstHowToJsonLd } from '../lib/ai-first-guide-json-ld';
import { reportArticleJsonLd } from '../lib/report-json-ld';

/** /reports/ai-first-optimization-guide: five phases with code and checklists, and expected results. */
export default function AiFirstOptimizationGuidePage() {
  const base = baseUrl();
  const description = paths.aiFirstOptimizationGuide.description;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
        <Link
          to={paths.home.path}
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-300 hover:text-brand-400"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to Home
        </Link>
      </nav>
      <PageHero
        eyebrow={g.eyebrow}
        title={g.title}
        intro={<p>{g.intro}</p>}
        stats={g.stats}
        actions={
          <>
            <a href={`#${g.phases[0].id}`} className={secondaryButton}>
              Start with Phase 1
            </a>
            <BookingLink className={primaryButton}>
              <CalendarDays aria-hidden="true" className="h-4 w-4" />
              Book Demo Call
            </BookingLink>
          </>
        }
      />

      {g.phases.map((phase) => (
        <AiFirstPhase key={phase.id} phase={phase} />
      ))}

      <Section
        id="expected-results"
        eyebrow="What to expect"
        title="Expected results timeline"
        intro={
          <p>
            Typical milestones for a B2B site that completes each phase on schedule. Competitive categories take longer; niche ones are
            often faster.
          </p>
        }
      >
        <Timeline steps={g.results} />
        <div className="mt-10 flex flex-wrap items-center gap-4 rounded-2xl border border-ink-700 bg-ink-800/60 p-6">
          <p className="flex-1 text-slate-200">Want a second pair of eyes on your plan? Walk through it with us on a short call.</p>
          <BookingLink className={primaryButton}>
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            Book Demo Call
          </BookingLink>
        </div>
      </Section>

      <GrowthPlanCta
        sourcePage={g.path}
        title="Turn AI visibility into pipeline"
        text="Being cited brings buyers to your site; buying signals tell you which of them are ready. Book a call and we will show you both for your market."
      />
      <JsonLd
        data={reportArticleJsonLd(base, {
          path: g.path,
          headline: g.title,
          description,
          keywords: ['AI search optimization', 'generative engine optimization', 'llms.txt', 'structured data'],
          type: 'TechArticle',
        })}
      />
      <JsonLd data={aiFirstHowToJsonLd(base, { path: g.path, name: g.title, description, phases: g.phases })} />
    </>
  );
}
