import type { Lead } from '../types';

/** The two sample leads shown when a live search fails (docs/product.md §4.7). */
export const fallbackLeads: readonly Lead[] = [
  {
    id: 'fallback-1',
    name: 'Alex Chen',
    title: 'VP Engineering',
    company: 'Neuralpath AI',
    email: 'alex.chen@neuralpath.ai',
    phone: '+1 415 555 0101',
    source: 'LinkedIn',
    signal: 'Evaluating vendors to scale the ML platform team; asked for recommendations on data tooling this week.',
    linkedin: 'https://www.linkedin.com/in/alex-chen-example',
    fullContext:
      'Neuralpath AI builds LLM infrastructure for enterprises and just doubled its engineering headcount plan. Alex is leading the vendor evaluation and has budget for this quarter.',
    intentScore: 97,
    status: 'Ready to Buy',
    intentTier: 'hot',
    industry: 'Artificial Intelligence',
    employees: '50-200',
  },
  {
    id: 'fallback-2',
    name: 'Sarah Patel',
    title: 'CTO',
    company: 'Ledgerline',
    email: 'sarah@ledgerline.finance',
    phone: '+1 212 555 0144',
    source: 'Hacker News',
    signal: 'Replacing a legacy provider after a compliance audit; comparing three alternatives before month end.',
    linkedin: 'https://www.linkedin.com/in/sarah-patel-example',
    fullContext:
      'Ledgerline is a fintech offering embedded payments to marketplaces. After a SOC 2 audit finding, Sarah is replacing a legacy provider and wants a decision before the end of the month.',
    intentScore: 94,
    status: 'Ready to Buy',
    intentTier: 'hot',
    industry: 'Fintech',
    employees: '200-1000',
  },
];

/** The red notice shown with the fallback leads. */
export const fallbackNotice = 'Demo mode: Using sample data. Connect real research API for live results.';
