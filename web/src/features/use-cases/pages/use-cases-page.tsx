import { useMemo } from 'react';
import { Link } from 'react-router';
import { CalendarDays, PhoneCall, Rocket } from 'lucide-react';
import { CtaBand } from '@/components/content/cta-band';
import { PageHero } from '@/components/content/page-hero';
import { Section } from '@/components/content/section';
import { useHeadJsonLd } from '@/components/content/use-head-json-ld';
import { BookingLink } from '@/components/layout/booking-link';
import { primaryButton, secondaryButton } from '@/components/ui/styles';
import { paths } from '@/config/paths';
import { baseUrl } from '@/lib/base-url';
import { ChallengeCard } from '../components/challenge-card';
import { IndustryCard } from '../components/industry-card';
import { TeamSizeCard } from '../components/team-size-card';
import { challenges } from '../content/challenges';
import { industries } from '../content/industries';
import { useCasesPage } from '../content/page';
import { teamSizes } from '../content/team-sizes';
import { buildUseCasesJsonLd } from '../lib/use-cases-json-ld';

const chip =
  'inline-flex min-h-10 items-center rounded-full border border-ink-600 px-4 text-sm font-medium text-slate-200 hover:border-brand-400/50 hover:text-white';

/**
 * /use-cases (docs/product.md §3.3): solutions by industry and team size, four
 * challenges, booking calls to action; its WebPage data goes in <head>
 * (docs/product.md §3.3), prerendered and while the page is open.
 */
export default function UseCasesPage() {
  const jsonLd = useMemo(() => buildUseCasesJsonLd(baseUrl()), []);
  useHeadJsonLd(jsonLd);

  return (
    <>
      <PageHero
        eyebrow={useCasesPage.eyebrow}
        title={useCasesPage.title}
        intro={<p>{useCasesPage.intro}</p>}
        stats={useCasesPage.stats}
        actions={
          <>
            <BookingLink className={primaryButton}>
              <CalendarDays aria-hidden="true" className="h-4 w-4" />
              Book a Demo
            </BookingLink>
            <Link to={paths.onboarding.path} className={secondaryButton}>
              <Rocket aria-hidden="true" className="h-4 w-4" />
              Start Free Trial
            </Link>
          </>
        }
      />
      <Section
        id="industries"
        eyebrow="By industry"
        title="Solutions by industry"
        intro={<p>The signals that matter differ by market. These are the ones our customers in each industry act on first.</p>}
      >
        <nav aria-label="Industries" className="-mt-2 mb-8">
          <ul className="flex flex-wrap gap-2">
            {industries.map((industry) => (
              <li key={industry.id}>
                <a href={`#${industry.id}`} className={chip}>
                  {industry.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid gap-6 lg:grid-cols-2">
          {industries.map((industry) => (
            <IndustryCard key={industry.id} industry={industry} />
          ))}
        </div>
      </Section>
      <Section
        id="team-size"
        eyebrow="By team size"
        title="Solutions by team size"
        intro={<p>The same signals, delivered in the way a team of your size can act on them.</p>}
      >
        <ul className="grid gap-6 lg:grid-cols-3">
          {teamSizes.map((team) => (
            <TeamSizeCard key={team.size} team={team} />
          ))}
        </ul>
      </Section>
      <Section
        id="challenges"
        eyebrow="Common challenges"
        title="Four problems every outbound team knows"
        intro={<p>If any of these sound familiar, buying signals are the fix that does not add headcount.</p>}
      >
        <ul className="grid gap-6 md:grid-cols-2">
          {challenges.map((item) => (
            <ChallengeCard key={item.challenge} item={item} />
          ))}
        </ul>
      </Section>
      <CtaBand
        title={useCasesPage.closing.title}
        text={<p>{useCasesPage.closing.text}</p>}
        actions={
          <>
            <BookingLink className={primaryButton}>
              <PhoneCall aria-hidden="true" className="h-4 w-4" />
              Book a Call
            </BookingLink>
            <Link to={paths.resources.path} className={secondaryButton}>
              Browse Free Sales Resources
            </Link>
          </>
        }
      />
    </>
  );
}
