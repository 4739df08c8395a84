import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { BookingButton } from '@/components/booking/booking-button';
import { CtaBand } from '@/components/content/cta-band';
import { FeatureGrid } from '@/components/content/feature-grid';
import { PageHero } from '@/components/content/page-hero';
import { Section } from '@/components/content/section';
import { JsonLd } from '@/components/ui/json-ld';
import { primaryButton, secondaryButton } from '@/components/ui/styles';
import { paths } from '@/config/paths';
import { baseUrl } from '@/lib/base-url';
import { ToolCategorySection } from '../components/tool-category-section';
import { directoryClosing, directoryHero, stackAdvice } from '../content/lead-scraping-directory';
import { contactCategories } from '../content/lead-scraping-tools-contacts';
import { signalCategories } from '../content/lead-scraping-tools-signals';
import { reportArticleJsonLd } from '../lib/report-json-ld';

const route = paths.leadScrapingDirectory;
const categories = [...contactCategories, ...signalCategories];

/** /reports/lead-scraping-directory (docs/product.md §8.2, report 2). */
export default function LeadScrapingDirectoryPage() {
  return (
    <>
      <PageHero
        eyebrow={directoryHero.eyebrow}
        title={directoryHero.title}
        intro={<p>{directoryHero.intro}</p>}
        stats={directoryHero.stats}
      />
      <Section id="build-a-stack" eyebrow="Before you buy" title="How to Build a Stack from This Directory">
        <FeatureGrid items={stackAdvice} />
      </Section>
      <Section
        id="categories"
        eyebrow="The directory"
        title="12 Categories of Lead Generation Tools"
        intro={<p>Jump to the job you need done. Tools are listed with their type and the features that set them apart.</p>}
      >
        <nav aria-label="Directory categories" className="mb-12">
          <ol className="flex flex-wrap gap-2">
            {categories.map((c, i) => (
              <li key={c.id}>
                <a
                  href={`#${c.id}`}
                  className="inline-flex min-h-9 items-center rounded-full border border-ink-600 px-3.5 text-sm text-slate-200 hover:border-brand-400 hover:text-white"
                >
                  {i + 1}. {c.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-16">
          {categories.map((c, i) => (
            <ToolCategorySection key={c.id} category={c} index={i + 1} />
          ))}
        </div>
      </Section>
      <CtaBand
        title={directoryClosing.title}
        text={<p>{directoryClosing.text}</p>}
        actions={
          <>
            <BookingButton label="Get Your Free AI Growth Plan" sourcePage={route.path} className={primaryButton} />
            <Link to={paths.onboarding.path} className={secondaryButton}>
              {directoryClosing.cta}
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </>
        }
      />
      <JsonLd
        data={reportArticleJsonLd(baseUrl(), {
          path: route.path,
          headline: route.title,
          description: route.description,
          keywords: ['lead scraping tools', 'B2B contact data', 'email verification', 'intent data', 'cold email software'],
        })}
      />
    </>
  );
}
