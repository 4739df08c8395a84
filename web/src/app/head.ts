/** Title, description and indexing of one page. */
export interface PageMeta {
  title: string;
  description: string;
  noindex?: boolean;
  keywords?: readonly string[];
  /**
   * A page a client sees under the agency's brand (the portal): its title and social tags carry no
   * product name, so the tab says "Your leads" until the page knows the brand and adds it
   * (PortalShell), never "Signalpipe" first.
   */
  whiteLabel?: boolean;
}

/** Brand name shown in titles and social cards. */
export const brand = 'Signalpipe';

/** The document title for a page title: with the product's name, except on a white-label page. */
export function documentTitle(title: string, whiteLabel = false): string {
  return whiteLabel || title.includes(brand) ? title : `${title} | ${brand}`;
}

function escapeHtml(s: string): string {
  return s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * The head tags of a prerendered page. `url` is absolute; at build time it
 * starts with a token the Go server replaces with BASE_URL.
 */
export function headTags(meta: PageMeta, url: string): string {
  const title = escapeHtml(documentTitle(meta.title, meta.whiteLabel));
  const description = escapeHtml(meta.description);
  const href = escapeHtml(url);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    ...(meta.keywords?.length ? [`<meta name="keywords" content="${escapeHtml(meta.keywords.join(', '))}" />`] : []),
    `<meta name="robots" content="${meta.noindex ? 'noindex, nofollow' : 'index, follow'}" />`,
    `<link rel="canonical" href="${href}" />`,
    `<meta property="og:type" content="website" />`,
    ...(meta.whiteLabel ? [] : [`<meta property="og:site_name" content="${brand}" />`]),
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${href}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join('\n    ');
}
