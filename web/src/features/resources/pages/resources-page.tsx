import { useMemo } from 'react';
import { Link } from 'react-router';
import { CalendarDays, Rocket } from 'lucide-react';
import { CtaBand } from '@/components/content/cta-band';
import { PageHero } from '@/components/content/page-hero';
import { Section } from '@/components/content/section';
import { useHeadJsonLd } from '@/components/content/use-head-json-ld';
import { BookingLink } from '@/components/layout/booking-link';
import { primaryButton, secondaryButton } from '@/components/ui/styles';
import { paths } from '@/config/paths';
import { baseUrl } from '@/lib/base-url';
import { ResourceListSection } from '../components/resource-list-section';
import { ToolCard } from '../components/tool-card';
import { caseStudies, guides, learningResources } from '../content/guides';
import { resourcesPage } from '../content/page';
import { tools } from '../content/tools';
import { resourcesJsonLd } from '../lib/resources-json-ld';

/**
 * /resources (docs/product.md §8.6): four tool cards, the downloadable guides, the
 * closing calls to action, and CollectionPage data in <head> while the page
 * is open.
 */
export default function ResourcesPage() {
  const jsonLd = useMemo(() => resourcesJsonLd(baseUrl()), []);
  useHeadJsonLd(jsonLd);

  return (
    <>
      <PageHero
        eyebrow={resourcesPage.eyebrow}
        title={resourcesPage.title}
        intro={<p>{resourcesPage.intro}</p>}
        stats={resourcesPage.stats}
      />
      <Section
        id="tools"
        eyebrow="Tools"
        title="Free tools for sales teams"
        intro={<p>Run the numbers, check your leads and connect your stack.</p>}
      >
        <ul className="grid gap-6 pt-3 md:grid-cols-2">
          {tools.map((tool) => (
            <ToolCard key={tool.title} tool={tool} />
          ))}
        </ul>
      </Section>
      <ResourceListSection
        id="guides"
        eyebrow="Downloadable guides"
        title="Playbooks and reports"
        intro={<p>Long-form guides written from real campaigns: the emails, the tools, the automations and the numbers.</p>}
        items={guides}
      />
      <ResourceListSection
        id="learning"
        eyebrow="Learn"
        title="Learning resources"
        intro={<p>Short lessons on intent-led prospecting.</p>}
        items={learningResources}
      />
      <ResourceListSection
        id="case-studies"
        eyebrow="Proof"
        title="Case studies"
        intro={<p>How teams like yours built pipeline from buying signals.</p>}
        items={caseStudies}
      />
      <CtaBand
        title={resourcesPage.closing.title}
        text={<p>{resourcesPage.closing.text}</p>}
        actions={
          <>
            <Link to={paths.onboarding.path} className={primaryButton}>
              <Rocket aria-hidden="true" className="h-4 w-4" />
              Start Free Trial
            </Link>
            <BookingLink className={secondaryButton}>
              <CalendarDays aria-hidden="true" className="h-4 w-4" />
              Book a Demo
            </BookingLink>
          </>
        }
      />
    </>
  );
}
