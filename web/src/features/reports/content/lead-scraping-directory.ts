import type { LucideIcon } from 'lucide-react';

/** A tool in the directory (docs/product.md §8.2, report 2). */
export interface Tool {
  name: string;
  type: string;
  description: string;
  features: readonly string[];
}

/** A category of the directory (docs/product.md §8.2, report 2). */
export interface ToolCategory {
  id: string;
  icon: LucideIcon;
  title: string;
  count: string;
  /** One sentence on when to reach for this category. */
  useWhen: string;
  tools: readonly Tool[];
}

export const directoryHero = {
  eyebrow: 'Lead Scraping Tools Directory',
  title: '100+ Lead Scraping and Prospecting Tools, Sorted by the Job They Do',
  intro:
    'Every tool here is a real product in use by outbound teams today. We group them by the job in your pipeline, from building a list to verifying it, finding the buyers who are ready, and sending, so you can pick one per job instead of ten that overlap.',
  stats: [
    { value: '100+', label: 'Tools' },
    { value: '12', label: 'Categories' },
    { value: '1', label: 'Tool per job is enough' },
    { value: '0', label: 'Paid placements' },
  ],
} as const;

/** How to assemble a stack from the directory. */
export const stackAdvice = [
  {
    title: 'Start with the signal, not the list',
    description:
      'A list of 10,000 contacts that match your ICP converts worse than 200 people who just raised, posted a job or asked for a recommendation. Pick an intent or community tool first, then a database to fill in contacts.',
  },
  {
    title: 'Verify every address before it is sent',
    description:
      'Even good databases decay: people change jobs and domains change hands. Run every list through a verifier and keep bounces under 2% to protect your sending domains.',
  },
  {
    title: 'Respect the rules of each source',
    description:
      'Official APIs (Google Places, Yelp) come with terms of use; LinkedIn limits automation on its own platform. Stay within daily limits, honour opt-outs and check GDPR and CAN-SPAM before you email anyone.',
  },
] as const;

export const directoryClosing = {
  title: 'Skip the Tool Stack Entirely',
  text: 'Signalpipe does the work of six of these categories in one place: it watches 500+ communities for buying signals, matches people to your ideal customer, verifies their contacts and drafts the first message.',
  cta: 'Start Your Onboarding',
} as const;
