import { Link } from 'react-router';
import { BookOpen, Rocket } from 'lucide-react';
import { CtaBand } from '@/components/content/cta-band';
import { FaqList } from '@/components/content/faq-list';
import { FeatureGrid } from '@/components/content/feature-grid';
import { PageHero } from '@/components/content/page-hero';
import { Section } from '@/components/content/section';
import { StepList } from '@/components/content/step-list';
import { JsonLd } from '@/components/ui/json-ld';
import { primaryButton, secondaryButton } from '@/components/ui/styles';
import { paths } from '@/config/paths';
import { baseUrl } from '@/lib/base-url';
import type { ServiceContent } from '../content/types';
import { serviceJsonLd } from '../lib/service-json-ld';
import { RelatedServices } from './related-services';

/** The two calls to action every service page repeats: trial and resources. */
function ServiceActions() {
  return (
    <>
      <Link to={paths.onboarding.path} className={primaryButton}>
        <Rocket aria-hidden="true" className="h-4 w-4" />
        Start Free Trial
      </Link>
      <Link to={paths.resources.path} className={secondaryButton}>
        <BookOpen aria-hidden="true" className="h-4 w-4" />
        Browse Free Sales Resources
      </Link>
    </>
  );
}

/**
 * One service page (docs/product.md §3.2): hero, feature cards, process, outcomes,
 * FAQ, the other services and a closing call to action, with schema.org
 * Service data. Title, description, keywords and canonical link come from
 * the route table.
 */
export function ServicePage({ content }: { content: ServiceContent }) {
  const { hero, features, process, outcomes, faqs, closing } = content;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={<p>{hero.intro}</p>} actions={<ServiceActions />} stats={hero.stats} />
      <Section id="features" eyebrow="What you get" title={features.title} intro={<p>{features.intro}</p>}>
        <FeatureGrid items={features.items} />
      </Section>
      <Section id="how-it-works" eyebrow="How it works" title={process.title} intro={<p>{process.intro}</p>}>
        <StepList steps={process.steps} />
      </Section>
      <Section id="outcomes" eyebrow="Outcomes" title={outcomes.title} intro={<p>{outcomes.intro}</p>}>
        <FeatureGrid items={outcomes.items} />
      </Section>
      <Section id="faq" eyebrow="FAQ" title={`${content.name}: common questions`}>
        <div className="max-w-3xl">
          <FaqList items={faqs} />
        </div>
      </Section>
      <Section id="more-services" eyebrow="More from Signalpipe" title="Works best with the rest of the pipeline">
        <RelatedServices current={content.path} />
      </Section>
      <CtaBand title={closing.title} text={<p>{closing.text}</p>} actions={<ServiceActions />} />
      <JsonLd data={serviceJsonLd(content, baseUrl())} />
    </>
  );
}
