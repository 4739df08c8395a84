import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { CtaBand } from '@/components/content/cta-band';
import { PageHero } from '@/components/content/page-hero';
import { JsonLd } from '@/components/ui/json-ld';
import { primaryButton, sectionClass } from '@/components/ui/styles';
import { paths } from '@/config/paths';
import { baseUrl } from '@/lib/base-url';
import { ReportCard } from '../components/report-card';
import { reportCards, reportsIndexStats } from '../content/report-cards';

function collectionJsonLd(base: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: paths.reports.title,
    description: paths.reports.description,
    url: `${base}${paths.reports.path}`,
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: reportCards.length,
      itemListElement: reportCards.map((r, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: r.title,
        url: `${base}/reports/${r.slug}`,
      })),
    },
  };
}

/** /reports: the premium reports index (docs/product.md §8.1). */
export default function ReportsIndexPage() {
  return (
    <>
      <PageHero
        eyebrow="Premium Reports"
        title="Sales Playbooks and Research That Fill Pipelines"
        intro={
          <p>
            Field-tested playbooks, tool directories and research for outbound and intent-based selling. Every report ends in something you
            can run this week: an email, a script, a workflow or a checklist.
          </p>
        }
        stats={reportsIndexStats}
      />
      <section aria-label="All reports" className={sectionClass}>
        <ul className="grid gap-6 md:grid-cols-2">
          {reportCards.map((r) => (
            <li key={r.id} className="flex">
              <ReportCard report={r} />
            </li>
          ))}
        </ul>
      </section>
      <CtaBand
        title="Get All Reports + Weekly Updates"
        text={
          <p>
            Join 10,000+ sales professionals who get every playbook, the tool directory and new buying-signal research the week it is
            published.
          </p>
        }
        actions={
          <Link to={paths.onboarding.path} className={primaryButton}>
            Get Full Access
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        }
      />
      <JsonLd data={collectionJsonLd(baseUrl())} />
    </>
  );
}
