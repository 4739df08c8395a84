import { paths } from '@/config/paths';
import { guides, reportHref } from '../content/guides';
import { resourcesPage } from '../content/page';
import { tools } from '../content/tools';

/** schema.org CollectionPage listing the tools and guides of /resources. */
export function resourcesJsonLd(base: string) {
  const entries = [
    ...tools.filter((t) => t.link).map((t) => ({ name: t.title, description: t.description, path: t.link!.href })),
    ...guides.map((g) => ({ name: g.title, description: g.description, path: reportHref(g) })),
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: resourcesPage.title,
    description: paths.resources.description,
    url: `${base}${paths.resources.path}`,
    isPartOf: { '@type': 'WebSite', name: 'Signalpipe', url: `${base}/` },
    publisher: { '@type': 'Organization', '@id': `${base}/#organization`, name: 'Signalpipe' },
    mainEntity: {
      '@type': 'ItemList',
      numberOfItems: entries.length,
      itemListElement: entries.map((e, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: e.name,
        description: e.description,
        url: `${base}${e.path}`,
      })),
    },
  };
}
