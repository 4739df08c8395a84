/** Fields of a report page's schema.org Article data. */
export interface ReportArticleInput {
  /** Path of the page, e.g. "/reports/conversion-index". */
  path: string;
  headline: string;
  description: string;
  /** Topics, for `about` and `keywords`. */
  keywords?: readonly string[];
  /** "Article" by default; "Report" for research-style pages. */
  type?: 'Article' | 'Report' | 'TechArticle';
}

/**
 * schema.org Article (or Report) data for a report or playbook page, authored
 * and published by Signalpipe. `base` is the site origin from `baseUrl()`.
 * Reusable by every page under /reports.
 */
export function reportArticleJsonLd(base: string, input: ReportArticleInput) {
  const url = `${base}${input.path}`;
  const org = { '@type': 'Organization', name: 'Signalpipe', url: `${base}/` };
  return {
    '@context': 'https://schema.org',
    '@type': input.type ?? 'Article',
    headline: input.headline,
    description: input.description,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    inLanguage: 'en',
    author: org,
    publisher: org,
    isPartOf: { '@type': 'CollectionPage', name: 'Premium Sales Reports and Playbooks', url: `${base}/reports` },
    ...(input.keywords ? { keywords: input.keywords.join(', ') } : {}),
  };
}
