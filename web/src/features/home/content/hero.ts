import { sampleLeads } from './sample-leads';

/** Claims shown in the hero (docs/product.md §1.3; display text). */
export const heroClaims = [
  { value: '500+', label: 'communities monitored' },
  { value: '2-4 h', label: 'from post to signal' },
  { value: '73%', label: 'average response rate' },
  { value: '5 min', label: 'setup' },
  { value: '1,000+', label: 'sales teams' },
] as const;

/** Platforms in the animated logo strip. */
export const platforms = [
  'Reddit',
  'LinkedIn',
  'Hacker News',
  'X',
  'Slack',
  'G2',
  'Product Hunt',
  'GitHub',
  'Discord',
  'Stack Overflow',
] as const;

/** The three leads of the hero's mock dashboard. */
export const heroLeads = [0, 1, 4].map((i) => sampleLeads[i]);
