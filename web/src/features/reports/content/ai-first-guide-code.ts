import type { CodeSample } from '../components/guide-code-sample';

/** Code samples of the AI-first optimization guide, by name. */
export const aiFirstCode = {
  robots: {
    title: 'Let search engines and AI assistants in',
    language: 'robots.txt',
    filename: '/robots.txt',
    code: `# Search engines and AI assistants may read every public page.
User-agent: Googlebot
User-agent: Bingbot
User-agent: OAI-SearchBot
User-agent: ChatGPT-User
User-agent: GPTBot
User-agent: ClaudeBot
User-agent: PerplexityBot
Allow: /
Disallow: /app/
Disallow: /checkout/

# Every other crawler: the same private areas stay closed.
User-agent: *
Disallow: /app/
Disallow: /checkout/

Sitemap: https://www.example.com/sitemap.xml`,
    note: 'A crawler obeys only the most specific group that names it, so repeat the Disallow lines in each group. To appear in AI answers but opt out of model training, move GPTBot and Google-Extended into their own group with "Disallow: /".',
  },
  llms: {
    title: 'Give language models a map of your site',
    language: 'Markdown',
    filename: '/llms.txt',
    code: `# Ledgerly

> Ledgerly automates invoicing and collections for B2B companies with
> 20-500 employees. It connects to QuickBooks, Xero and NetSuite and
> typically cuts days sales outstanding by 30-40%.

Pricing starts at $299 per month. Implementation takes 2-3 weeks.

## Product
- [How Ledgerly works](https://www.example.com/how-it-works): From invoice creation to cash applied, step by step
- [Pricing](https://www.example.com/pricing): Plans, limits and what is included
- [Integrations](https://www.example.com/integrations): Accounting systems, CRMs and payment providers

## Guides
- [Reduce DSO](https://www.example.com/guides/reduce-dso): Twelve tactics with benchmarks by industry
- [Invoice automation checklist](https://www.example.com/guides/invoice-automation): What to automate first

## Optional
- [Customer stories](https://www.example.com/customers): Results by industry and company size`,
    note: 'The llms.txt proposal (llmstxt.org) is young and not every assistant reads it yet, but it costs an hour and doubles as a summary your own team can check.',
  },
  crawlCheck: {
    title: 'Check what a crawler sees without JavaScript',
    language: 'Shell',
    filename: 'terminal',
    code: `# Fetch a page the way a non-rendering crawler does and count what it finds.
curl -s -A "OAI-SearchBot/1.0" https://www.example.com/pricing -o page.html
grep -c "<h1" page.html          # expect 1
grep -o "<title>[^<]*" page.html # the real title, not a loading placeholder
grep -c "application/ld+json" page.html`,
    note: 'Many AI crawlers do not run JavaScript. If the HTML is an empty app shell, prerender or server-render the page before doing anything else.',
  },
  sitemap: {
    title: 'A sitemap with honest lastmod dates',
    language: 'XML',
    filename: '/sitemap.xml',
    code: `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://www.example.com/</loc>
    <lastmod>2025-03-03</lastmod>
  </url>
  <url>
    <loc>https://www.example.com/guides/reduce-dso</loc>
    <lastmod>2025-03-14</lastmod>
  </url>
  <url>
    <loc>https://www.example.com/pricing</loc>
    <lastmod>2025-02-20</lastmod>
  </url>
</urlset>`,
    note: 'Google ignores priority and changefreq but uses lastmod when it is consistently accurate. Update it only when the content really changed.',
  },
  answerFirst: {
    title: 'An answer-first page structure',
    language: 'HTML',
    filename: 'guides/invoice-automation.html',
    code: `<article>
  <h1>How long does invoice automation take to set up?</h1>
  <p>
    <strong>Most B2B teams automate invoicing in two to three weeks:</strong>
    one week to connect the accounting system, one to map approval rules,
    and a few days of parallel runs before the manual process is retired.
  </p>

  <h2>What the setup involves</h2>
  <ol>
    <li>Connect QuickBooks, Xero or NetSuite (about 1 day).</li>
    <li>Import customers, payment terms and open invoices.</li>
    <li>Map approval rules and reminder schedules.</li>
    <li>Run both processes in parallel for one billing cycle.</li>
  </ol>

  <h2>Setup time by company size</h2>
  <table>
    <thead><tr><th scope="col">Employees</th><th scope="col">Typical setup</th></tr></thead>
    <tbody>
      <tr><th scope="row">20-100</th><td>1-2 weeks</td></tr>
      <tr><th scope="row">100-500</th><td>2-3 weeks</td></tr>
    </tbody>
  </table>
</article>`,
    note: 'Lead with a direct answer of 40-60 words that can be quoted on its own, then give the detail. Assistants lift self-contained passages, not paragraphs that depend on the one before.',
  },
  faqSchema: {
    title: 'FAQ structured data for the questions buyers ask',
    language: 'JSON-LD',
    filename: '<script type="application/ld+json">',
    code: `{
  "@context": "https://schema.org",
  "@type": "FAQPage",
  "mainEntity": [
    {
      "@type": "Question",
      "name": "Does Ledgerly work with NetSuite?",
      "acceptedAnswer": {
        "@type": "Answer",
        "text": "Yes. Ledgerly syncs customers, invoices and payments with NetSuite every 15 minutes in both directions."
      }
    },
    {
      "@type": "Question",
      "name": "How much does Ledgerly cost?",
      "acceptedAnswer": {
        "@type": "Answer",
        "text": "Plans start at $299 per month for up to 500 invoices, with no setup fee."
      }
    }
  ]
}`,
    note: 'Google now shows FAQ rich results only for a few authoritative sites, but the markup still states your answers unambiguously for every engine that reads it. Mark up only questions that are visible on the page.',
  },
  organization: {
    title: 'Tie your brand to its profiles',
    language: 'JSON-LD',
    filename: '<script type="application/ld+json">',
    code: `{
  "@context": "https://schema.org",
  "@type": "Organization",
  "@id": "https://www.example.com/#organization",
  "name": "Ledgerly",
  "url": "https://www.example.com/",
  "logo": "https://www.example.com/logo.png",
  "description": "Invoicing and collections automation for B2B companies.",
  "foundingDate": "2019",
  "sameAs": [
    "https://www.linkedin.com/company/ledgerly-example",
    "https://www.g2.com/products/ledgerly-example",
    "https://github.com/ledgerly-example"
  ]
}`,
    note: 'sameAs links tell engines that the reviews, profiles and mentions elsewhere are about the same company, which is how third-party authority gets attributed to you.',
  },
  article: {
    title: 'Article data with a named expert and real dates',
    language: 'JSON-LD',
    filename: '<script type="application/ld+json">',
    code: `{
  "@context": "https://schema.org",
  "@type": "Article",
  "headline": "How to Reduce DSO: 12 Tactics with Benchmarks",
  "datePublished": "2024-11-05",
  "dateModified": "2025-03-14",
  "author": {
    "@type": "Person",
    "name": "Maya Lindqvist",
    "jobTitle": "Head of Finance Operations",
    "url": "https://www.example.com/authors/maya-lindqvist"
  },
  "publisher": { "@id": "https://www.example.com/#organization" },
  "mainEntityOfPage": "https://www.example.com/guides/reduce-dso"
}`,
    note: 'Change dateModified only when the substance changed, and show the same date on the page. Freshness matters to AI answers, but fake freshness is easy to detect.',
  },
  logs: {
    title: 'See which pages AI crawlers read',
    language: 'Shell',
    filename: 'terminal',
    code: `# Top pages fetched by AI crawlers this month (combined log format).
grep -Ei "GPTBot|OAI-SearchBot|ChatGPT-User|ClaudeBot|PerplexityBot" \\
  /var/log/nginx/access.log \\
  | awk '{print $7}' | sort | uniq -c | sort -rn | head -20`,
    note: 'Pages that AI crawlers never fetch cannot be cited. Compare this list with the pages you want cited, and link to the missing ones from pages that are fetched.',
  },
  referrers: {
    title: 'Segment visits from AI assistants in analytics',
    language: 'Regex',
    filename: 'session source matches regex',
    code: `^(chatgpt\\.com|chat\\.openai\\.com|perplexity\\.ai|www\\.perplexity\\.ai|gemini\\.google\\.com|copilot\\.microsoft\\.com|claude\\.ai)$`,
    note: 'Use it as a custom channel or segment condition on the session source. Some assistants send no referrer at all, so treat this as a floor, not the total.',
  },
} satisfies Record<string, CodeSample>;
