import type { ServiceContent } from '../content/types';

/**
 * schema.org Service for one service page. `base` is the site origin
 * (baseUrl()), so the prerendered page carries the token the server replaces.
 */
export function serviceJsonLd(content: ServiceContent, base: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: content.name,
    serviceType: content.serviceType,
    description: content.hero.intro,
    url: `${base}${content.path}`,
    provider: { '@type': 'Organization', '@id': `${base}/#organization`, name: 'Signalpipe', url: `${base}/` },
    areaServed: 'Worldwide',
    audience: { '@type': 'BusinessAudience', audienceType: 'B2B sales and revenue teams' },
    keywords: content.keywords.join(', '),
  };
}
