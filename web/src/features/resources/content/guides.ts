import { Cpu, Database, Mail, Radar, ShieldAlert, Workflow } from 'lucide-react';
import type { ResourceItem } from './types';

/** The six downloadable guides, in order (docs/product.md §8.6: slugs and page counts as specified). */
export const guides: readonly ResourceItem[] = [
  {
    id: 'b2c-cold-email-playbook',
    title: 'B2C Cold Email Playbook',
    description:
      'Two complete cold email campaigns for local service businesses, with every email written out and a four-step call script that turns replies into booked appointments.',
    slug: 'b2c-cold-email-playbook',
    stats: { pages: 48, strategies: 12, templates: 18 },
    highlights: [
      'Two full campaigns, email by email',
      'Four-step call script for replies',
      'Subject lines under 50 characters that get opened',
    ],
    ctaText: 'Read the Cold Email Playbook',
    icon: Mail,
  },
  {
    id: 'lead-scraping-directory',
    title: 'Lead Scraping Tools Directory',
    description:
      '100+ lead scraping, enrichment and verification tools in 12 categories, each with its type, what it is good at and the features that set it apart.',
    slug: 'lead-scraping-directory',
    stats: { pages: 62, strategies: 8, templates: 6 },
    highlights: ['12 categories from scrapers to verifiers', 'Each tool\u2019s type and best use', 'Feature tags to build a stack fast'],
    ctaText: 'Browse the Tools Directory',
    icon: Database,
  },
  {
    id: 'n8n-sales-automation',
    title: 'Sales Automation Guide',
    description:
      'Five core sales automations built with n8n, with the code for each, a four-week roadmap to roll them out and an honest comparison of what they cost against hiring.',
    slug: 'n8n-sales-automation',
    stats: { pages: 55, strategies: 15, templates: 12 },
    highlights: ['Five automations with working code samples', 'A four-week implementation roadmap', 'Cost comparison with an extra hire'],
    ctaText: 'Get the Automation Guide',
    icon: Workflow,
  },
  {
    id: 'signal-breach-report',
    title: 'The Sales System Guide: Breach Edition',
    description:
      'The five pillars of a sales system that finds buyers before competitors do, two sample email plays built on real signals and the tools to run them.',
    slug: 'signal-breach-report',
    stats: { pages: 42, strategies: 20, templates: 9 },
    highlights: [
      'Five pillars of a signal-led sales system',
      'Two sample email plays, ready to adapt',
      'The tool stack behind each pillar',
    ],
    ctaText: 'Read the Sales System Guide',
    icon: ShieldAlert,
  },
  {
    id: 'ai-first-optimization-guide',
    title: 'AI-First Optimization Guide',
    description:
      'A twelve-week, five-phase plan to make your site the answer AI assistants and search engines cite, with code samples, checklists and the results to expect at each stage.',
    slug: 'ai-first-optimization-guide',
    stats: { pages: 75, strategies: 25, templates: 14 },
    highlights: ['Five phases with step-by-step checklists', 'Structured data and technical code samples', 'An expected-results timeline'],
    ctaText: 'Start the AI-First Guide',
    icon: Cpu,
  },
  {
    id: 'signal-intent-engine',
    title: 'Inside the Signal Intent Engine',
    description:
      'How an intent engine captures, enriches, decides on and activates buying signals: the four layers explained, with the trade-offs behind each one.',
    slug: 'signal-intent-engine',
    stats: { pages: 35, strategies: 11, templates: 7 },
    highlights: ['The four-layer architecture, diagrammed', 'How signals are scored and prioritised', 'From signal to outreach in minutes'],
    ctaText: 'Explore the Intent Engine',
    icon: Radar,
  },
];

/** Learning resources (docs/product.md §8.6: the list is empty; an empty list is not shown). */
export const learningResources: readonly ResourceItem[] = [];

/** Case studies (docs/product.md §8.6: the list is empty; an empty list is not shown). */
export const caseStudies: readonly ResourceItem[] = [];

/** The report page of a resource item. */
export function reportHref(item: Pick<ResourceItem, 'slug'>): string {
  return `/reports/${item.slug}`;
}
