import { Handshake, Megaphone, UserRoundSearch } from 'lucide-react';
import type { Feature } from '@/components/content/feature-grid';
import type { ReportFigure } from '../components/figure-grid';
import type { TimelineStep } from '../components/timeline';

/** One of the connector's three revenue streams. */
export interface RevenueStream {
  title: string;
  price: string;
  cadence: string;
  description: string;
  /** Pricing tiers or what the fee covers. */
  terms: readonly { label: string; detail: string }[];
}

export const connectorHero = {
  eyebrow: 'The Connector Playbook',
  title: 'Get Paid to Connect Buyers with the Businesses That Need Them',
  intro:
    'Businesses pay well for customers they did not have to find. A connector spots people who have said in public that they need something, introduces them to a business that can deliver it, and earns from every introduction that turns into revenue. Here is the model, what to charge, and how to launch in 72 hours.',
  stats: [
    { value: '$1.5K-$3.5K', label: 'Setup fee' },
    { value: '10-25%', label: 'Revenue share' },
    { value: '$500-$2K', label: 'Monthly retainer' },
    { value: '72 hours', label: 'Launch time' },
  ],
} as const;

export const resultsIntro =
  'The economics are simple because you sell introductions, not hours. These are the working numbers of the model, and three example engagements (names changed) showing how they add up.';

export const resultFigures: readonly ReportFigure[] = [
  {
    value: '$15',
    label: 'Cost per 100 leads',
    note: 'Signal-sourced buyers with verified contact details: your first full batch costs less than a team lunch.',
  },
  { value: '100', label: 'Initial outreach messages', note: 'Enough for a clear read on reply rate and offer fit inside the first week.' },
  {
    value: '$9,000',
    label: 'Month one with three providers',
    note: 'Three setup fees of $2,500 and three $500 retainers, before a single dollar of revenue share.',
  },
  {
    value: '72 hours',
    label: 'From agreement to first message',
    note: 'Niche, list, message and tracking are prepared before the provider signs.',
  },
];

export const exampleEngagements: readonly Feature[] = [
  {
    title: 'Roofing, after a hailstorm',
    description:
      'A connector watched neighbourhood groups in two suburbs for posts asking for roof inspections and introduced 38 homeowners to Carver Roofing in three weeks.',
    points: [
      '11 roofs replaced at an average of $14,000',
      '10% share: $15,400, plus a $2,000 setup fee',
      'Renewed on a $1,000 monthly retainer',
    ],
  },
  {
    title: 'Invisalign for a dental group',
    description:
      'Posts asking about clear aligners, price and “is it worth it” in local parenting and city forums were answered with a helpful reply and an offer of a free consultation at Lakeside Dental.',
    points: ['52 consultations booked in six weeks', '17 patients started treatment', 'Moved to 15% after the tenth referral'],
  },
  {
    title: 'Kitchen remodels, exclusive territory',
    description:
      'Homeowners researching remodel costs and contractor reviews were introduced to one design-build firm, Oakline Interiors, which bought exclusivity for the county.',
    points: [
      '25% share on exclusive introductions',
      '6 projects at $38,000 average in a quarter',
      '$2,000 monthly retainer for reporting and new signals',
    ],
  },
];

export const connectorModelIntro =
  'Three parties, one job each. The buyer has a need, the provider has capacity, and you have the attention: you see the need first and make the introduction that neither side could make as quickly alone.';

export const connectorModel: readonly Feature[] = [
  {
    icon: UserRoundSearch,
    title: 'The buyer',
    description:
      'Someone who has said in public what they need and when: “Can anyone recommend a roofer in Plano? The storm took half our shingles.” They are already shopping; they just have not chosen.',
  },
  {
    icon: Handshake,
    title: 'The provider',
    description:
      'A business with spare capacity and a high customer value: a roofer with crews free next week, a practice with open consultation slots. They pay for customers, not for marketing.',
  },
  {
    icon: Megaphone,
    title: 'You, the connector',
    description:
      'You find the buyer first, check they are a real fit, make a warm introduction and track it to a sale. You never do the work itself, so one person can serve several providers in different territories.',
  },
];

export const revenueStreams: readonly RevenueStream[] = [
  {
    title: 'Setup Fee',
    price: '$1,500-$3,500',
    cadence: 'one-time, per provider',
    description: 'Pays for the work before the first introduction, so you are never out of pocket.',
    terms: [
      { label: 'Covers', detail: 'niche research, the signal list, messaging, the first 100 outreach messages and tracking' },
      { label: 'Price by', detail: 'territory size and the provider’s average deal: $1,500 for one town, $3,500 for a metro area' },
    ],
  },
  {
    title: 'Revenue Share',
    price: '10-25%',
    cadence: 'of closed revenue from your introductions',
    description: 'The stream that grows with the provider. Agree the attribution window (90 days works) in writing.',
    terms: [
      { label: '10% basic', detail: 'every introduction that becomes a paying customer' },
      { label: '15% after 10 referrals', detail: 'once ten of your introductions have closed for this provider' },
      { label: '25% exclusive', detail: 'when the provider is the only one you introduce buyers to in their territory' },
    ],
  },
  {
    title: 'Monthly Retainer',
    price: '$500-$2K',
    cadence: 'per month',
    description: 'Keeps monitoring, outreach and reporting running between closes and smooths your income.',
    terms: [
      { label: 'Includes', detail: 'daily signal monitoring, weekly outreach batches and a one-page weekly report' },
      { label: 'Start it', detail: 'in month two, after the first introductions have proved the model' },
    ],
  },
];

export const processIntro =
  'From nothing to first introductions in 72 hours. Days one to three are preparation and launch; everything after is measuring and scaling what works.';

export const processSteps: readonly TimelineStep[] = [
  {
    when: 'Day 1, morning',
    title: 'Pick a niche where one customer is worth $3,000 or more',
    description:
      'High-ticket, urgent and local: roofing, solar, remodels, dental implants and aligners, med spas, family law. A single close must pay for a month of your work.',
    points: ['Buyers ask for recommendations in public', 'Providers have capacity they cannot fill', 'A clear point of sale you can track'],
  },
  {
    when: 'Day 1, afternoon',
    title: 'Find the signals and build the first list',
    description:
      'Collect 100 people who asked for exactly this service in the last 14 days: city subreddits, neighbourhood and parenting groups, review sites and local forums. At about $15 per 100 leads, cost is not the constraint; freshness is.',
  },
  {
    when: 'Day 2',
    title: 'Sign one provider with the list in hand',
    description:
      'Call three providers and open with proof: “38 people in your area asked for a roof inspection this month. I can introduce them to you.” Agree the setup fee, the share tier and how closed deals are reported.',
  },
  {
    when: 'Day 3',
    title: 'Launch the first 100 outreach messages',
    description:
      'Reply where the buyer asked, or message them directly: answer the question first, then offer the introduction. Log every reply and every introduction in one shared sheet the provider can see.',
  },
  {
    when: 'Week 2 onward',
    title: 'Report weekly, then scale',
    description:
      'Send a one-page report every Friday: messages, replies, introductions, booked appointments and closes. Once the numbers hold, add the retainer, then a second provider in a new territory.',
  },
];

export const metricsIntro =
  'Track these from day one. If a number is off, fix that stage before you send more: the problem is almost always the niche, the signal or the first line.';

export const successMetrics: readonly ReportFigure[] = [
  { value: '72 hours', label: 'Launch time', note: 'From signed agreement to the first message sent.' },
  { value: '100', label: 'Initial outreach messages', note: 'The first batch. Judge nothing on fewer.' },
  { value: '$15', label: 'Cost per 100 leads', note: 'If you are paying much more, you are buying lists, not signals.' },
  {
    value: '15%+',
    label: 'Reply rate target',
    note: 'People who asked in public answer far more often than cold contacts. Below 8%, rewrite the first line.',
  },
  { value: '1 in 4', label: 'Replies to introduction', note: 'Target share of replies that accept an introduction to the provider.' },
  { value: '10', label: 'Closed referrals to unlock 15%', note: 'The milestone that moves you from the basic to the higher share.' },
];
