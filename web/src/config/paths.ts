/**
 * The one route table of the web app. The router (src/app/routes.tsx), the
 * prerenderer (scripts/prerender.mjs) and the Go server (through the emitted
 * dist/routes.json) all read it, so a path exists in exactly one place.
 */

/** Which chrome a page is rendered in. */
export type Layout = 'marketing' | 'bare';

/** One entry of the route table. */
export interface RouteDef {
  /** URL pattern; `:name` matches one segment. */
  path: string;
  /** Page module under src/features, relative to src/app. */
  page: string;
  /** Document title (the brand suffix is added by DocumentMeta). */
  title: string;
  /** Meta description, also used for Open Graph and Twitter cards. */
  description: string;
  layout: Layout;
  /** Pages that must not appear in search results (admin, demo, tools for developers). */
  noindex?: boolean;
  /** Meta keywords, where a page has them. */
  keywords?: readonly string[];
  /** A page a client sees under the agency's brand: no product name in its title (head.ts PageMeta). */
  whiteLabel?: boolean;
}

export const paths = {
  home: {
    path: '/',
    page: '../features/home/pages/home-page.tsx',
    title: 'Fill Your Pipeline with Ready-to-Buy Leads',
    description:
      'Signalpipe watches 500+ communities for people showing buying intent (hiring, funding, competitor engagement, job changes, tool research) and delivers verified, scored B2B leads with drafted outreach.',
    layout: 'marketing',
  },
  resources: {
    path: '/resources',
    page: '../features/resources/pages/resources-page.tsx',
    title: 'Free Sales Resources and Tools',
    description:
      'Free tools for B2B sales teams: an ROI calculator, the Sales Signal Checklist, an integration guide and an HTML to PDF converter.',
    layout: 'marketing',
  },
  roiCalculator: {
    path: '/resources/roi-calculator',
    page: '../features/roi-calculator/pages/roi-calculator-page.tsx',
    title: 'Sales ROI Calculator',
    description: 'Estimate the revenue lift, cost per deal and hours saved when your team works buying-intent leads instead of cold lists.',
    layout: 'marketing',
  },
  reports: {
    path: '/reports',
    page: '../features/reports/pages/reports-index-page.tsx',
    title: 'Premium Sales Reports and Playbooks',
    description:
      '275+ pages, 99+ strategies and 89+ templates: playbooks, directories and research reports for outbound and intent-based selling.',
    layout: 'marketing',
  },
  aiFirstOptimizationGuide: {
    path: '/reports/ai-first-optimization-guide',
    page: '../features/reports/pages/ai-first-optimization-guide-page.tsx',
    title: 'AI-First Optimization Guide',
    description:
      'A twelve-week plan to make your site the answer AI assistants and search engines cite: technical foundation, content authority, authority signals and monitoring.',
    layout: 'marketing',
  },
  b2cColdEmailPlaybook: {
    path: '/reports/b2c-cold-email-playbook',
    page: '../features/reports/pages/b2c-cold-email-playbook-page.tsx',
    title: 'B2C Cold Email Playbook',
    description:
      'Two complete cold email campaigns for local service businesses, with sample emails and four-step call scripts that turn replies into booked calls.',
    layout: 'marketing',
  },
  leadScrapingDirectory: {
    path: '/reports/lead-scraping-directory',
    page: '../features/reports/pages/lead-scraping-directory-page.tsx',
    title: 'Lead Scraping Tools Directory',
    description: '100+ lead scraping, enrichment and verification tools in 12 categories, with what each one is good at.',
    layout: 'marketing',
  },
  b2cConnectorPlaybook: {
    path: '/reports/b2c-connector-playbook',
    page: '../features/reports/pages/b2c-connector-playbook-page.tsx',
    title: 'The Connector Playbook',
    description:
      'How to earn by connecting buyers and sellers: the connector model, three revenue streams, a five-step process and the metrics that prove it works.',
    layout: 'marketing',
  },
  conversionIndex: {
    path: '/reports/conversion-index',
    page: '../features/reports/pages/conversion-index-page.tsx',
    title: 'Cold Email Conversion Index',
    description:
      'Which industries reply to cold email, what lifts and kills conversion, seasonal trends by quarter and what to expect next.',
    layout: 'marketing',
  },
  parkwiseCaseStudy: {
    path: '/reports/parkwise-case-study',
    page: '../features/reports/pages/parkwise-case-study-page.tsx',
    title: 'Parkwise Case Study',
    description: 'How Parkwise, a parking-technology startup, built a predictable pipeline with buying-intent signals in three phases.',
    layout: 'marketing',
  },
  signalBreachReport: {
    path: '/reports/signal-breach-report',
    page: '../features/reports/pages/signal-breach-report-page.tsx',
    title: 'The Sales System Guide: Breach Edition',
    description: 'Five pillars of a sales system that finds buyers first, two sample email plays and the tools to run them.',
    layout: 'marketing',
  },
  n8nSalesAutomation: {
    path: '/reports/n8n-sales-automation',
    page: '../features/reports/pages/n8n-sales-automation-page.tsx',
    title: 'Sales Automation Guide',
    description: 'Five core sales automations with code samples, a four-week roadmap and what they cost compared with hiring.',
    layout: 'marketing',
  },
  signalIntentEngine: {
    path: '/reports/signal-intent-engine',
    page: '../features/reports/pages/signal-intent-engine-page.tsx',
    title: 'Inside the Signal Intent Engine',
    description: 'How an intent engine captures, enriches, decides and activates buying signals: the four layers explained.',
    layout: 'marketing',
  },
  useCases: {
    path: '/use-cases',
    page: '../features/use-cases/pages/use-cases-page.tsx',
    title: 'Use Cases by Industry and Team Size',
    description:
      'How SaaS, recruitment, B2B services and agency teams use buying-intent signals, from startups to enterprise sales organisations.',
    layout: 'marketing',
  },
  onboarding: {
    path: '/onboarding',
    page: '../features/onboarding/pages/onboarding-page.tsx',
    title: 'Signal Onboard',
    description: 'Tell us about your company, offer and ideal clients in eight short steps so Signalpipe can start finding your buyers.',
    layout: 'marketing',
  },
  aiSignalDetection: {
    path: '/services/ai-signal-detection',
    page: '../features/services/pages/ai-signal-detection-page.tsx',
    title: 'AI Signal Detection',
    description:
      'Detect hiring, funding, competitor engagement, job changes and tool research across 500+ communities, 24/7, with 92% detection accuracy.',
    keywords: [
      'buying intent signals',
      'intent data',
      'AI signal detection',
      'B2B buying signals',
      'hiring signals',
      'funding signals',
      'competitor intent',
      'sales triggers',
    ],
    layout: 'marketing',
  },
  leadEnrichment: {
    path: '/services/lead-enrichment',
    page: '../features/services/pages/lead-enrichment-page.tsx',
    title: 'Lead Enrichment and Verification',
    description: 'Every lead arrives with verified contact details, company data and 50+ data points, reverified every 30 days.',
    keywords: [
      'lead enrichment',
      'email verification',
      'B2B contact data',
      'verified emails',
      'firmographic data',
      'data enrichment',
      'email deliverability',
      'contact reverification',
    ],
    layout: 'marketing',
  },
  salesIntelligence: {
    path: '/services/sales-intelligence',
    page: '../features/services/pages/sales-intelligence-page.tsx',
    title: 'Sales Intelligence',
    description: 'Know why a prospect is in market now: the signal, its context and a drafted first message for every lead.',
    keywords: [
      'sales intelligence',
      'account intelligence',
      'intent scoring',
      'lead prioritisation',
      'AI sales outreach',
      'competitive intelligence',
      'sales prospecting',
      'pipeline intelligence',
    ],
    layout: 'marketing',
  },
  communityMonitoring: {
    path: '/services/community-monitoring',
    page: '../features/services/pages/community-monitoring-page.tsx',
    title: 'Community Monitoring',
    description:
      'Signalpipe watches 500+ forums, communities and social platforms where your buyers ask for help, 24/7, and alerts you within 5-15 minutes.',
    keywords: [
      'community monitoring',
      'social listening for sales',
      'Reddit lead generation',
      'forum monitoring',
      'social selling',
      'community-led growth',
      'competitor mentions',
      'buyer conversations',
    ],
    layout: 'marketing',
  },
  buyingIntentGuide: {
    path: '/buying-intent-guide',
    page: '../features/buying-intent-guide/pages/buying-intent-guide-page.tsx',
    title: 'The Buying Intent Guide',
    description:
      'The seven buying-intent signals that convert, why they work, when to reach out and what to say, plus a 30-60-90-day plan.',
    layout: 'marketing',
  },
  privacy: {
    path: '/privacy',
    page: '../features/privacy/pages/privacy-page.tsx',
    title: 'Privacy Policy',
    description: 'What Signalpipe collects, why, how it is protected and the rights you have over it.',
    layout: 'marketing',
  },
  blog: {
    path: '/blog',
    page: '../features/blog/pages/blog-page.tsx',
    title: 'Blog',
    description: 'Articles on buying-intent selling, sales strategy, lead generation and AI automation.',
    layout: 'marketing',
  },
  blogAdmin: {
    path: '/blog/admin',
    page: '../features/blog/pages/blog-admin-page.tsx',
    title: 'Blog Admin',
    description: 'Create, edit and publish blog posts.',
    layout: 'bare',
    noindex: true,
  },
  blogPost: {
    path: '/blog/:slug',
    page: '../features/blog/pages/blog-post-page.tsx',
    title: 'Blog',
    description: 'Articles on buying-intent selling, sales strategy, lead generation and AI automation.',
    layout: 'marketing',
  },
  demo: {
    path: '/demo',
    page: '../features/demo/pages/demo-page.tsx',
    title: 'Live Demo',
    description: 'Try Signalpipe in your browser: configure an ideal customer profile and run a live lead search.',
    layout: 'bare',
  },
  adminDemo: {
    path: '/admindemo',
    page: '../features/demo/pages/demo-page.tsx',
    title: 'Demo',
    description: 'Signalpipe demo dashboard.',
    layout: 'bare',
    noindex: true,
  },
  adminDemo1: {
    path: '/admindemo1',
    page: '../features/demo/pages/demo-page.tsx',
    title: 'Demo',
    description: 'Signalpipe demo dashboard.',
    layout: 'bare',
    noindex: true,
  },
  formSubmissionsAdmin: {
    path: '/admindemo2',
    page: '../features/form-submissions/pages/form-submissions-page.tsx',
    title: 'Form Submissions Admin',
    description: 'Form submissions stored in this browser.',
    layout: 'bare',
    noindex: true,
  },
  admin: {
    path: '/admin',
    page: '../features/admin/pages/admin-page.tsx',
    title: 'Admin',
    description: 'Signalpipe admin console.',
    layout: 'bare',
    noindex: true,
  },
  adminClientReport: {
    path: '/admin/clients/:id/report',
    page: '../features/admin/pages/client-report-page.tsx',
    title: 'Client report',
    description: 'A client’s monthly report, printable.',
    layout: 'bare',
    noindex: true,
  },
  portal: {
    path: '/portal',
    page: '../features/portal/pages/portal-page.tsx',
    title: 'Your leads',
    description: 'Your client portal: your leads inbox.',
    layout: 'bare',
    noindex: true,
    whiteLabel: true,
  },
  portalLogin: {
    path: '/portal/login',
    page: '../features/portal/pages/portal-login-page.tsx',
    title: 'Client sign-in',
    description: 'Sign in to your client portal.',
    layout: 'bare',
    noindex: true,
    whiteLabel: true,
  },
  portalInvite: {
    path: '/portal/invite/:token',
    page: '../features/portal/pages/portal-invite-page.tsx',
    title: 'Accept your invite',
    description: 'Set a password for your client portal.',
    layout: 'bare',
    noindex: true,
    whiteLabel: true,
  },
  analytics: {
    path: '/analytics',
    page: '../features/analytics/pages/analytics-page.tsx',
    title: 'Analytics',
    description: 'First-party page-view analytics.',
    layout: 'bare',
    noindex: true,
  },
  testConvex: {
    path: '/test-convex',
    page: '../features/test-pages/pages/test-convex-page.tsx',
    title: 'Backend Connection Test',
    description: 'Checks that the backend answers the published-posts query.',
    layout: 'bare',
    noindex: true,
  },
  testClick: {
    path: '/test-click',
    page: '../features/test-pages/pages/test-click-page.tsx',
    title: 'Click Test',
    description: 'A counter button for checking that the app responds.',
    layout: 'bare',
    noindex: true,
  },
  pdfConverter: {
    path: '/tools/pdf-converter',
    page: '../features/pdf-converter/pages/pdf-converter-page.tsx',
    title: 'HTML to PDF Converter',
    description:
      'Free HTML to PDF converter: paste HTML or upload an .html file and download a print-ready A4 PDF of proposals, one-pagers and account plans.',
    layout: 'marketing',
  },
  apiDocs: {
    path: '/docs/api',
    page: '../features/api-docs/pages/api-docs-page.tsx',
    title: 'API Reference',
    description:
      'Signalpipe API reference: every endpoint with its authentication, request body, responses and errors, generated from the OpenAPI document.',
    layout: 'marketing',
  },
} as const satisfies Record<string, RouteDef>;

/** Name of a route in the table. */
export type PathKey = keyof typeof paths;

/** The not-found screen; rendered for any path outside the table. */
export const notFound = {
  page: '../features/not-found/pages/not-found-page.tsx',
  title: 'Page Not Found',
  description: 'The page you are looking for does not exist.',
} as const;

/** Builds the URL of a blog post. */
export function blogPostHref(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

/** Every route of the table, in order. */
export const routeList: ReadonlyArray<RouteDef & { key: PathKey }> = (Object.keys(paths) as PathKey[]).map((key) => ({
  key,
  ...paths[key],
}));
