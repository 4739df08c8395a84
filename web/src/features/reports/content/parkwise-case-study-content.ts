import type { HeroStat } from '@/components/content/page-hero';
import type { Feature } from '@/components/content/feature-grid';
import type { DataTableData } from '@/components/content/data-table';
import type { Metric } from '../components/guide-metric-grid';
import type { Quote } from '../components/guide-quote';
import type { TimelineStep } from '../components/timeline';

/** The Parkwise case study (docs/product.md §8.2, report 5; route in §2.1). */
export const parkwiseCaseStudy = {
  path: '/reports/parkwise-case-study',
  eyebrow: 'Case study · Parking technology',
  title: 'How Parkwise Turned Buying Signals into a Predictable Pipeline',
  intro:
    'Parkwise sells license-plate recognition, pay-by-phone and occupancy analytics to parking operators, universities, hospitals and city mobility teams. In 24 weeks it went from a lumpy, founder-led pipeline to 27 qualified meetings a month by selling only to organisations that were visibly in market.',
  stats: [
    { value: '14x', label: 'Reply rate' },
    { value: '27', label: 'Meetings a month' },
    { value: '$2.1M', label: 'Pipeline in 6 months' },
    { value: '-35%', label: 'Sales cycle' },
  ] satisfies HeroStat[],

  challenge: {
    intro:
      'After its Series A, Parkwise had a product customers loved and a go-to-market that could not keep up. Two account executives and the CEO were sharing a list of 9,000 parking facilities bought from a data vendor.',
    paragraphs: [
      'The list told them who owned a car park, not who was about to replace its equipment. Parking technology is bought in windows: a gate contract expires, a new garage opens, a campus changes its permit policy, a city publishes a tender. Outside those windows even a perfect-fit operator will not take a meeting, and inside them the first credible vendor usually sets the shortlist.',
      'Cold sequences to the list produced a 0.8% reply rate and about six meetings a month, most of them with people who were "looking at options for next year". Municipal tenders were discovered after the question period had closed. The board wanted a forecastable pipeline before funding the next three sales hires.',
    ],
    pains: [
      {
        title: 'Wrong timing',
        description:
          'Nine in ten replies were "not this year". Equipment and software contracts run three to seven years, so a random month is almost always the wrong one.',
      },
      {
        title: 'Tenders found too late',
        description:
          'Public procurement notices for parking systems were spotted by chance, often after the clarification deadline, when the specification already favoured an incumbent.',
      },
      {
        title: 'Founder as the pipeline',
        description:
          'Half of all meetings came from the CEO’s personal network. Nothing about it could be handed to the new hires the board wanted to fund.',
      },
    ] satisfies Feature[],
  },

  strategy: {
    intro:
      'Parkwise stopped asking "who could buy?" and started asking "who is changing something about parking right now?". Signalpipe was configured to watch for the five moments that open a buying window in this market.',
    signals: [
      {
        title: 'Tenders and RFPs',
        description:
          'Procurement portals and council agendas mentioning parking guidance, pay-and-display replacement, ANPR or permit systems, caught on the day of publication.',
      },
      {
        title: 'New leaders in parking roles',
        description:
          'A new Director of Parking and Transportation or facilities head reviews every contract in their first 90 days. Job-change signals put Parkwise in that review.',
      },
      {
        title: 'Hiring for parking operations',
        description:
          'Operators hiring enforcement officers or a parking operations manager are growing or struggling to staff gates, both reasons to automate.',
      },
      {
        title: 'Competitor frustration',
        description:
          'Property managers in forums and review sites complaining about pay-station outages, slow refunds or a vendor ending support for older hardware.',
      },
      {
        title: 'New sites and funding',
        description:
          'Mixed-use developments receiving planning approval, hospital expansions and operators raising capital to acquire more facilities.',
      },
    ] satisfies Feature[],
    scoring:
      'Every signal was scored against Parkwise’s ideal customer profile (facilities with 300+ spaces, operators with 5+ sites, campuses and hospitals) with the standard formula: score = 0.6 × ICP fit + 0.4 × signal strength. Leads at 75 or above went straight to an account executive with a drafted first message; 60-74 went into a nurture sequence; the rest were dropped.',
  },

  timeline: [
    {
      when: 'Phase 1 · Weeks 1-4',
      title: 'Map the buying windows',
      description:
        'The team interviewed the last twelve customers about what had triggered their purchase, then turned each trigger into a monitored signal with keywords, sources and a strength weight.',
      points: [
        'Defined the ICP in numbers: 300+ spaces, 5+ sites or a campus, and a decision maker in parking, facilities or mobility.',
        'Added 140 sources: procurement portals, council agendas, property-management communities, review sites and job boards.',
        'Back-tested the scoring on six months of history: 9 of the 11 deals won in that period would have scored 75 or above.',
      ],
      outcome: 'A signal list the sales team agreed with, and a threshold tested against real wins.',
    },
    {
      when: 'Phase 2 · Weeks 5-10',
      title: 'Signal-led outreach',
      description:
        'Account executives received 15-25 scored leads a week, each with the signal, the contact and a drafted message that referenced the trigger instead of the product.',
      points: [
        'Tender signals got a same-day call and a one-page compliance summary before the clarification deadline.',
        'New parking directors received a "first 90 days" benchmark of permit, enforcement and revenue metrics for similar sites.',
        'Emails stayed under 150 words with subject lines under 50 characters, sent Tuesday to Thursday at 10-11 AM, with a follow-up after 3-5 days.',
      ],
      outcome: 'Reply rate rose from 0.8% to 9.6% in the first six weeks of signal-led sends.',
    },
    {
      when: 'Phase 3 · Weeks 11-24',
      title: 'Systematise and scale',
      description: 'With the motion proven, Parkwise made it repeatable so new hires could run it from day one.',
      points: [
        'Signals flowed into the CRM automatically, with the score, the source post and the drafted message on the record.',
        'A weekly review removed keywords that produced noise and raised the weight of tender and job-change signals, which closed fastest.',
        'Two new account executives ramped in five weeks instead of the twelve the founders had planned for.',
      ],
      outcome: 'Meetings became predictable enough to forecast, and the board approved the next hires.',
    },
  ] satisfies TimelineStep[],

  results: [
    { value: '11.4%', label: 'Reply rate', detail: 'Up from 0.8% on the purchased list: about 14 times higher.' },
    {
      value: '27',
      label: 'Qualified meetings a month',
      detail: 'Up from 6, with 420 signal-led emails a month instead of 1,200 cold ones.',
    },
    { value: '$2.1M', label: 'Pipeline in 6 months', detail: 'Average contract value of $38,000 per year across operators and campuses.' },
    {
      value: '61 days',
      label: 'Average sales cycle',
      detail: 'Down from 94 days, because conversations started inside the buying window.',
    },
  ] satisfies Metric[],

  comparison: {
    caption: 'Parkwise outbound before and after signal-led selling (monthly averages)',
    columns: ['Metric', 'Purchased list (before)', 'Buying signals (months 4-6)'],
    rows: [
      { label: 'Emails sent', cells: ['1,200', '420'] },
      { label: 'Reply rate', cells: ['0.8%', '11.4%'] },
      { label: 'Qualified meetings', cells: ['6', '27'] },
      { label: 'Meetings per 100 emails', cells: ['0.5', '6.4'] },
      { label: 'Tenders found before the question deadline', cells: ['1 in 4', '9 in 10'] },
      { label: 'Deals closed', cells: ['0.5', '2.5'] },
    ],
    footnote:
      'Nine deals closed in the first six months, worth $342,000 in annual recurring revenue. Meetings per 100 emails rose more than tenfold while send volume fell by 65%, which also protected the sending domain.',
  } satisfies DataTableData,

  quote: {
    text: 'We used to email every car park in the country and hope someone was due for new equipment. Now we hear about the new parking director, the tender or the pay-station outage the same day, and we are the first vendor in the room with something useful to say.',
    name: 'Dana Okafor',
    role: 'VP of Sales, Parkwise',
  } satisfies Quote,

  lessons: [
    {
      title: 'Start from your last wins',
      description:
        'The best signals came from asking customers what happened in the month before they bought. Your own closed-won deals are the training data.',
    },
    {
      title: 'Weight signals by how fast they close',
      description:
        'Tenders and new leaders closed in half the time of competitor complaints. The weights in the score should reflect that, and be revisited monthly.',
    },
    {
      title: 'Send less, say more',
      description:
        'Cutting volume by 65% while quadrupling meetings kept the domain healthy and gave every account executive time to prepare for each conversation.',
    },
  ] satisfies Feature[],
};
