import type { Intent } from './intents';

/** Platforms a feed item can come from; each has its own icon tile. */
export type Platform = 'reddit' | 'linkedin' | 'hackernews' | 'x' | 'slack' | 'g2' | 'producthunt' | 'discord';

/** A live feed item (docs/product.md §3.1). */
export interface FeedItem {
  platform: Platform;
  platformName: string;
  user: string;
  message: string;
  timeAgo: string;
  intent: Intent;
}

type Row = [Platform, string, string, string, string, Intent];

const rows: Row[] = [
  [
    'reddit',
    'Reddit',
    'VP Sales at a Series B SaaS',
    'Our outbound reply rate fell below 1%. Anyone using intent signals instead of bought lists?',
    '2m ago',
    'Ready to Buy',
  ],
  [
    'linkedin',
    'LinkedIn',
    'New CRO at a fintech scale-up',
    'Day one in the new role. First job: rebuild pipeline generation from scratch.',
    '9m ago',
    'Hot',
  ],
  [
    'hackernews',
    'Hacker News',
    'Founder of a dev-tools startup',
    'Ask HN: How do you find companies actively evaluating tools like yours?',
    '17m ago',
    'Warm',
  ],
  [
    'x',
    'X',
    'Head of Growth at a logistics platform',
    'We just raised our Series A. Hiring 4 AEs and looking for a lead source that is not stale.',
    '26m ago',
    'Ready to Buy',
  ],
  [
    'slack',
    'Slack community',
    'RevOps manager at a 200-person agency',
    'Does anyone have a verified-email provider with under 2% bounce? Ours is at 12%.',
    '41m ago',
    'Hot',
  ],
  [
    'g2',
    'G2',
    'Sales Director at a healthcare SaaS',
    'Comparing three lead intelligence vendors side by side before renewal in May.',
    '58m ago',
    'Ready to Buy',
  ],
  [
    'producthunt',
    'Product Hunt',
    'Co-founder of an HR tech company',
    'Launching next week and need a repeatable outbound motion for mid-market buyers.',
    '1h ago',
    'Warm',
  ],
  [
    'discord',
    'Discord',
    'SDR team lead at a cybersecurity firm',
    'Our team spends 3 hours a day researching accounts. There has to be a better way.',
    '2h ago',
    'Hot',
  ],
];

/** The eight sample signals of the live feed. */
export const feedItems: FeedItem[] = rows.map(([platform, platformName, user, message, timeAgo, intent]) => ({
  platform,
  platformName,
  user,
  message,
  timeAgo,
  intent,
}));
