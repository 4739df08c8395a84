/** schema.org Article data for the buying intent guide; `base` comes from `baseUrl()`. */
export function guideArticleJsonLd(
  base: string,
  input: { path: string; headline: string; description: string; sections: readonly { id: string; label: string }[] },
) {
  const url = `${base}${input.path}`;
  const org = { '@type': 'Organization', name: 'Signalpipe', url: `${base}/` };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: input.headline,
    description: input.description,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    inLanguage: 'en',
    author: org,
    publisher: org,
    keywords: 'buying intent, intent signals, B2B lead generation, sales outreach, lead scoring',
    articleSection: input.sections.map((s) => s.label),
  };
}
