import { origin } from './fixtures';
import { expect, test } from '@playwright/test';

/** Every prerendered, indexable page from the sitemap, plus home. */
async function sitemapPaths(request: import('@playwright/test').APIRequestContext) {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

test('every page has a title, description, canonical link and social tags', async ({ request }) => {
  for (const path of await sitemapPaths(request)) {
    const html = await (await request.get(path)).text();
    // A page that asks not to be indexed must not be offered in the sitemap either.
    expect(html, path).not.toContain('content="noindex');
    expect(html, path).toMatch(/<title>[^<]+\| Signalpipe<\/title>|<title>[^<]*Signalpipe[^<]*<\/title>/);
    // Route pages carry a written description; a blog post's is its excerpt (other tests publish
    // posts with short excerpts while this one runs).
    const minLength = path.startsWith('/blog/') ? 1 : 50;
    expect(html, path).toMatch(new RegExp(`<meta name="description" content="[^"]{${minLength},}"`));
    expect(html, path).toContain(`<link rel="canonical" href="${origin}${path}"`);
    expect(html, path).toContain('<meta property="og:title"');
    expect(html, path).toContain('<meta name="twitter:card"');
  }
});

test('all structured data parses and uses schema.org types', async ({ request }) => {
  const known = new Set([
    'Organization',
    'Service',
    'FAQPage',
    'Question',
    'Answer',
    'WebPage',
    'CollectionPage',
    'Article',
    'TechArticle',
    'HowTo',
    'HowToStep',
    'Report',
    'ItemList',
    'ListItem',
    'Offer',
    'BreadcrumbList',
    'ContactPoint',
    'Person',
    'Blog',
    'BlogPosting',
    'WebSite',
    'SoftwareApplication',
    'AggregateRating',
    'Rating',
    'Review',
    'ImageObject',
    'Place',
    'AudienceType',
    'Audience',
    'BusinessAudience',
    'OfferCatalog',
    'DefinedTerm',
    'CreativeWork',
    'Thing',
    'WebApplication',
  ]);
  const types: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === 'object') {
      const t = (node as Record<string, unknown>)['@type'];
      if (typeof t === 'string') types.push(t);
      Object.values(node).forEach(walk);
    }
  };
  for (const path of await sitemapPaths(request)) {
    const html = await (await request.get(path)).text();
    for (const [, json] of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
      const data = JSON.parse(json);
      expect(data['@context'], path).toBe('https://schema.org');
      walk(data);
    }
  }
  expect(types).toContain('Organization');
  expect(types).toContain('FAQPage');
  expect(types.filter((t) => !known.has(t))).toEqual([]);
});
