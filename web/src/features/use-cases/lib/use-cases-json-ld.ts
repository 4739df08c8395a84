import { paths } from '@/config/paths';
import { industries } from '../content/industries';
import { useCasesPage } from '../content/page';

/** schema.org WebPage listing the industry solutions as Services. */
export function buildUseCasesJsonLd(base: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: useCasesPage.title,
    description: paths.useCases.description,
    url: `${base}${paths.useCases.path}`,
    isPartOf: { '@type': 'WebSite', name: 'Signalpipe', url: `${base}/` },
    mainEntity: {
      '@type': 'ItemList',
      name: 'Signalpipe use cases by industry',
      itemListElement: industries.map((industry, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        url: `${base}${paths.useCases.path}#${industry.id}`,
        item: {
          '@type': 'Service',
          name: `Buying-intent lead generation for ${industry.title}`,
          description: industry.description,
          provider: { '@type': 'Organization', '@id': `${base}/#organization`, name: 'Signalpipe' },
          audience: { '@type': 'BusinessAudience', audienceType: industry.title },
        },
      })),
    },
  };
}
