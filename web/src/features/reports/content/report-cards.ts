import { BookOpenCheck, Bot, Car, ChartNoAxesCombined, Database, Handshake, Mail, Radar, ShieldAlert, type LucideIcon } from 'lucide-react';

/** A report on the /reports index (docs/product.md §8.1). */
export interface ReportCard {
  id: string;
  slug: string;
  title: string;
  description: string;
  ctaText: string;
  icon: LucideIcon;
  stats: { pages: number; strategies: number };
  highlights: readonly string[];
}

/** The reports index hero figures (docs/product.md §8.1). */
export const reportsIndexStats = [
  { value: '275+', label: 'Pages' },
  { value: '99+', label: 'Strategies' },
  { value: '89+', label: 'Templates' },
  { value: '10,000+', label: 'Readers' },
] as const;

/** Every report page, in the order the index shows them. */
export const reportCards: readonly ReportCard[] = [
  {
    id: 'ai-first',
    slug: 'ai-first-optimization-guide',
    title: 'AI-First Optimization Guide',
    description:
      'A twelve-week plan to make your site the source AI assistants and search engines quote when your buyers ask for a recommendation.',
    ctaText: 'Start the 12-Week Plan',
    icon: Bot,
    stats: { pages: 75, strategies: 16 },
    highlights: [
      'Technical foundation: structured data, crawlability and speed (weeks 1-2)',
      'Content authority and authority signals (weeks 3-10)',
      'Code samples and checklists for every step',
      'Expected-results timeline and ongoing monitoring',
    ],
  },
  {
    id: 'b2c-cold-email',
    slug: 'b2c-cold-email-playbook',
    title: 'B2C Cold Email Playbook',
    description:
      'Two complete campaigns for selling growth services to local businesses, dentists and spas or salons, with the emails and call scripts that book the meeting.',
    ctaText: 'Read the Playbook',
    icon: Mail,
    stats: { pages: 48, strategies: 14 },
    highlights: [
      'Anti-fragile positioning that survives a bad month',
      'Dentist and spa/salon campaigns with complete sample emails',
      'Two four-step sales call scripts',
      'Subject, length and follow-up rules that lift replies',
    ],
  },
  {
    id: 'lead-scraping',
    slug: 'lead-scraping-directory',
    title: 'Lead Scraping Tools Directory',
    description:
      '100+ real prospecting tools in 12 categories, from contact databases and scrapers to verification, intent data and sending, with what each is good at.',
    ctaText: 'Browse the Directory',
    icon: Database,
    stats: { pages: 62, strategies: 12 },
    highlights: [
      '12 categories, 100+ tools with type and key features',
      'Local-business and maps data sources for B2C lists',
      'Email verification before you send a single message',
      'Intent, visitor and community signal tools',
    ],
  },
  {
    id: 'b2c-connector',
    slug: 'b2c-connector-playbook',
    title: 'The Connector Playbook',
    description:
      'Get paid for introductions: find businesses that need customers, bring them qualified buyers and earn a setup fee, a revenue share and a retainer.',
    ctaText: 'Learn the Connector Model',
    icon: Handshake,
    stats: { pages: 36, strategies: 11 },
    highlights: [
      'The connector model and who pays whom',
      'Three revenue streams with real price ranges',
      'A five-step process that launches in 72 hours',
      'The success metrics to track from day one',
    ],
  },
  {
    id: 'conversion-index',
    slug: 'conversion-index',
    title: 'Cold Email Conversion Index',
    description:
      'Which industries answer cold email, what lifts and what kills conversion, how replies move through the year, and what to expect next.',
    ctaText: 'See the Index',
    icon: ChartNoAxesCombined,
    stats: { pages: 28, strategies: 10 },
    highlights: [
      'Key findings in one page',
      'Top industries ranked by reply rate, with change',
      'What works and what kills conversion',
      'Quarterly trends and predictions',
    ],
  },
  {
    id: 'parkwise',
    slug: 'parkwise-case-study',
    title: 'Parkwise Case Study',
    description:
      'How Parkwise, a parking-technology startup, replaced cold lists with buying-intent signals and built a predictable pipeline in three phases.',
    ctaText: 'Read the Case Study',
    icon: Car,
    stats: { pages: 22, strategies: 8 },
    highlights: [
      'The challenge: buying windows a bought list could not see',
      'The five signals that open a buying window',
      'A three-phase timeline from setup to scale',
      'Results, and a word from the team',
    ],
  },
  {
    id: 'signal-breach',
    slug: 'signal-breach-report',
    title: 'The Sales System Guide: Breach Edition',
    description:
      'The five pillars of a sales system that reaches buyers before your competitors do, with two sample email plays and the tools to run them.',
    ctaText: 'Get the Sales System',
    icon: ShieldAlert,
    stats: { pages: 42, strategies: 12 },
    highlights: [
      'Five pillars of a signal-led sales system',
      'Two email plays: the competitor breach and the funding breach',
      'The tool stack, by job to be done',
      'The warning: speed without relevance is just faster spam',
    ],
  },
  {
    id: 'n8n-automation',
    slug: 'n8n-sales-automation',
    title: 'Sales Automation Guide',
    description:
      'Five core sales automations with working code samples, a four-week roadmap to ship them and what they cost compared with another hire.',
    ctaText: 'Automate Your Pipeline',
    icon: BookOpenCheck,
    stats: { pages: 55, strategies: 13 },
    highlights: [
      'Five automations every outbound team needs',
      'Two code samples you can paste into a workflow',
      'A four-week implementation roadmap',
      'Cost comparison: automation versus headcount',
    ],
  },
  {
    id: 'signal-intent-engine',
    slug: 'signal-intent-engine',
    title: 'Inside the Signal Intent Engine',
    description: 'How an intent engine captures, enriches, decides on and activates buying signals, explained layer by layer.',
    ctaText: 'Explore the Engine',
    icon: Radar,
    stats: { pages: 35, strategies: 9 },
    highlights: [
      'The four layers: Signal Capture, Enrichment, Decision, Activation',
      'How a signal becomes a scored lead',
      'How to measure the engine, and whether to build or buy',
      'Eight sections around one diagram',
    ],
  },
];
