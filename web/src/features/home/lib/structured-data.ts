import { faqPageData } from '@/components/content/faq-list';
import { paths } from '@/config/paths';

// The route table's description is already in the app shell, so reusing it costs nothing.
const description = paths.home.description;

type JsonLd = Record<string, unknown>;

/** schema.org Organization for Signalpipe. */
export function organizationJsonLd(base: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${base}/#organization`,
    name: 'Signalpipe',
    url: `${base}/`,
    logo: `${base}/favicon.svg`,
    description,
  };
}

/** schema.org Service describing the lead-generation service. */
export function serviceJsonLd(base: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: 'Buying-intent lead generation',
    serviceType: 'B2B lead generation',
    url: `${base}/`,
    provider: { '@id': `${base}/#organization` },
    areaServed: 'Worldwide',
    audience: { '@type': 'BusinessAudience', audienceType: 'B2B sales and revenue teams' },
    description,
  };
}

/** schema.org FAQPage built from the same items the page shows. */
export const faqPageJsonLd = faqPageData;
