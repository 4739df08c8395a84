import type { DataTableData } from '@/components/content/data-table';
import type { HeroStat } from '@/components/content/page-hero';

/** A comparison table with column and row headings. */
/** A comparison table of the guide. */
export type GuideTable = DataTableData;

/** One day range of the 30-60-90-day plan. */
export interface PlanPeriod {
  id: '30' | '60' | '90';
  label: string;
  title: string;
  goal: string;
  actions: readonly string[];
  milestones: readonly string[];
}

/** The buying intent guide's copy (docs/product.md §8.5). */
export const guide = {
  path: '/buying-intent-guide',
  eyebrow: 'Free guide',
  title: 'The Buying Intent Guide',
  intro:
    'Seven signals that show a company is ready to buy, why each one converts, when to reach out and exactly what to say, with the numbers to prove it to your CFO and a 90-day plan to roll it out.',
  stats: [
    { value: '7', label: 'Intent signals' },
    { value: '10x', label: 'Response rates' },
    { value: '75', label: 'Score threshold' },
    { value: '90 days', label: 'To full rollout' },
  ] satisfies HeroStat[],

  /** The table of contents; every id is a section of the page. */
  toc: [
    { id: 'what-is-buying-intent', label: 'What buying intent is' },
    { id: 'signals', label: 'The 7 intent signals' },
    { id: 'scoring', label: 'Scoring: when to act' },
    { id: 'timing', label: 'Timing: the response window' },
    { id: 'outreach', label: 'Outreach that converts' },
    { id: 'roi', label: 'ROI: intent versus cold' },
    { id: 'plan', label: 'Your 30-60-90-day plan' },
    { id: 'get-started', label: 'Get started' },
  ],

  whatIs: [
    'Buying intent is evidence that a specific company is moving towards a purchase now. It is different from fit: a company can match your ideal customer profile perfectly and have no reason to talk to you this year. Intent tells you who, out of all the companies that could buy, is likely to buy soon.',
    'Some intent is first-party, such as visits to your pricing page. This guide is about the larger, earlier kind: the public signals buyers leave in communities, on social platforms, in job posts and in the news, often weeks before they contact a vendor. By the time a buyer fills in your form, they have usually shortlisted vendors already. Public signals let you be part of the conversation that creates the shortlist.',
  ],

  scoring: {
    intro: 'Not every signal deserves a salesperson’s time. Score each one on two axes and act only when the combination is strong enough.',
    points: [
      'ICP fit (0-100): does the company match on industry, size, region and tech stack, and is the person someone who buys or influences?',
      'Signal strength (0-100): how explicit is the intent, and how recent? "Which tool should we buy?" today scores higher than a vague complaint last month.',
      'Score = 0.6 × ICP fit + 0.4 × signal strength. Fit carries more weight because a loud signal from the wrong company still wastes a call.',
      'Act on 75 and above. Put 60-74 into a nurture sequence and watch for a second signal; ignore the rest.',
    ],
    table: {
      caption: 'Four example leads scored against the 75 threshold',
      columns: ['Lead', 'ICP fit', 'Signal strength', 'Score', 'Action'],
      rows: [
        { label: 'VP Sales asking for tool recommendations, 200-person SaaS', cells: ['90', '80', '86', 'Contact today'] },
        { label: 'Head of RevOps, new in role, 120-person agency', cells: ['80', '75', '78', 'Contact this week'] },
        { label: 'Perfect-fit company, vague complaint from last month', cells: ['95', '40', '73', 'Nurture'] },
        { label: 'Urgent request from a 4-person company outside your ICP', cells: ['50', '95', '68', 'Skip'] },
      ],
    } satisfies GuideTable,
  },

  timing: {
    intro:
      'Intent decays. The same message sent on day one and day thirty gets very different results, because by day thirty the buyer has a shortlist, a new tool or a different priority.',
    rules: [
      {
        title: 'Hours, not weeks',
        text: 'For requests for recommendations and competitor complaints, aim for a first touch within 24 hours. Detection in 5-15 minutes is only worth it if someone acts on it the same day.',
      },
      {
        title: 'Respect the settling-in period',
        text: 'For job changes and funding, wait a few days. New leaders need a week to settle in; founders spend the first 48 hours after a round answering congratulations.',
      },
      {
        title: 'Send when people read',
        text: 'Tuesday to Thursday, 10-11 AM in the recipient’s time zone, gets the best reply rates for B2B email. Avoid Monday mornings and Friday afternoons.',
      },
      {
        title: 'Follow up once, with something new',
        text: 'If there is no reply, follow up after 3-5 days with a new piece of value: a benchmark, an example, a short answer to a question they did not ask. Never just "bump" the thread.',
      },
    ],
  },

  outreach: {
    intro:
      'Signal-led outreach converts because it answers the question "why are you contacting me now?" before the buyer asks it. The sample messages under each signal follow the same structure.',
    anatomy: [
      {
        title: 'Reference the trigger',
        text: 'Open with the public post, announcement or role, in one sentence. Quote their words where you can.',
      },
      {
        title: 'Add one useful insight',
        text: 'Something they can use even if they never buy: what similar teams did, a number, a trade-off to watch.',
      },
      {
        title: 'Offer, do not pitch',
        text: 'A resource, a comparison or a short look at one capability, tied to the trigger. The product is the means, not the subject.',
      },
      {
        title: 'Ask one easy question',
        text: 'A yes-or-no question that is easy to answer from a phone. Never a calendar link in the first email.',
      },
    ],
    rules: [
      'Subject line under 50 characters, specific to them, no clickbait.',
      'Body under 150 words; three short paragraphs read better on mobile than one long one.',
      'Refer only to public information, and never list everything you know about them.',
      'Write like a person: no "I hope this finds you well", no "synergies", no fake "Re:".',
    ],
  },

  roi: {
    intro:
      'The same sales development rep, one month, two ways of choosing whom to contact. The intent-led approach contacts far fewer people and gets more meetings, at a lower cost per meeting.',
    highlights: [
      { value: '10x', label: 'Reply rate', detail: '15% instead of 1.5%' },
      { value: '2.25x', label: 'Meetings', detail: '27 instead of 12 a month' },
      { value: '46%', label: 'Lower cost per meeting', detail: '$315 instead of $583' },
      { value: '3.3x', label: 'Revenue', detail: '$72,000 instead of $21,600' },
    ],
    table: {
      caption: 'One SDR for one month: cold outbound compared with intent-led outreach',
      columns: ['Metric', 'Cold outbound', 'Intent-led'],
      rows: [
        { label: 'Prospects contacted', cells: ['2,000', '300'] },
        { label: 'Reply rate', cells: ['1.5%', '15%'] },
        { label: 'Replies', cells: ['30', '45'] },
        { label: 'Meetings booked', cells: ['12 (40% of replies)', '27 (60% of replies)'] },
        { label: 'Deals won', cells: ['1.8 (15% of meetings)', '6 (22% of meetings)'] },
        { label: 'Revenue at $12,000 per deal', cells: ['$21,600', '$72,000'] },
        { label: 'Monthly cost (SDR, data, tools)', cells: ['$7,000', '$8,499'] },
        { label: 'Cost per meeting', cells: ['$583', '$315'] },
        { label: 'Revenue per dollar spent', cells: ['3.1x', '8.5x'] },
      ],
      footnote:
        'Assumptions: a fully loaded SDR cost of $6,000 a month; $1,000 of list data and tools for cold outbound; a $1,999 intent plan plus $500 of tools for intent-led outreach; an average first-year deal of $12,000. Replace them with your own numbers; the ratios are what matter.',
    } satisfies GuideTable,
  },

  plan: [
    {
      id: '30',
      label: '30 days',
      title: 'Days 1-30: Foundation',
      goal: 'Goal: first 20 meetings from intent signals.',
      actions: [
        'Write down your ICP in numbers: industries, headcount band, regions, tech stack and buyer titles.',
        'Pick the three signals closest to your last ten wins; start with tool research and competitor engagement if unsure.',
        'Set the score threshold at 75 and route leads above it to one named owner.',
        'Adapt the sample messages in this guide to your product and get them reviewed by your best rep.',
        'Contact every lead above the threshold within 24 hours, and log the signal type on each CRM record.',
      ],
      milestones: ['Signals flowing daily', 'Reply rate above 10% on signal-led emails', '20 meetings booked'],
    },
    {
      id: '60',
      label: '60 days',
      title: 'Days 31-60: Optimization',
      goal: 'Goal: double the meetings without doubling the effort.',
      actions: [
        'Compare reply and meeting rates by signal type; drop or down-weight the weakest one.',
        'Add two more signals, such as job change and funding, with their own message templates.',
        'Add a follow-up after 3-5 days to every sequence, with new value in each.',
        'Automate routing and alerts so no lead above the threshold waits more than four hours.',
        'Start a weekly 30-minute review of won and lost signal-led deals.',
      ],
      milestones: ['40 meetings in the period', 'Signal-to-first-touch under 4 hours', 'First signal-sourced deals closed'],
    },
    {
      id: '90',
      label: '90 days',
      title: 'Days 61-90: Scale',
      goal: 'Goal: a predictable, forecastable pipeline source.',
      actions: [
        'Roll the playbook out to every rep, with the signal types each one owns.',
        'Tune the threshold: raise it if reps cannot keep up, lower it if they run out of leads.',
        'Report pipeline and revenue by signal type next to your other sources.',
        'Feed closed-won patterns back into the ICP and the signal weights every month.',
        'Set next quarter’s pipeline target with intent signals as a named source.',
      ],
      milestones: [
        'Intent-led pipeline forecast with confidence',
        'Cost per meeting below cold outbound',
        'The whole team working from signals',
      ],
    },
  ] satisfies PlanPeriod[],
};
