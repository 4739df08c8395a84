import type { Challenge } from './types';

/** The four prospecting problems the page answers. */
export const challenges: readonly Challenge[] = [
  {
    challenge: 'Cold lists that never reply',
    description:
      'Reps spend the day on people with no current need. Reply rates fall, sending domains get flagged and the team starts blaming the copy.',
    solution:
      'Start from a buying signal instead of a filter. Every lead has a reason to talk now and a drafted message that refers to it.',
    impact: 'Up to 10x response rates compared with cold outreach to a static list.',
  },
  {
    challenge: 'Finding out too late',
    description:
      'By the time a buyer fills in your form or shows up in a weekly intent report, they already have a shortlist and a favourite.',
    solution:
      'Detection within 5-15 minutes of a public post, and intent scores recalculated hourly, so the list reorders itself as accounts heat up.',
    impact: 'Your reps join evaluations while the shortlist is being written, not at procurement.',
  },
  {
    challenge: 'Contact data that bounces',
    description:
      'Outdated emails damage sender reputation, and reps lose hours checking addresses and job titles by hand before every touch.',
    solution: 'Verified work emails and 50+ data points per lead from 2M+ companies and 10M+ contacts, reverified every 30 days.',
    impact: '98% email deliverability and no manual research before the first message.',
  },
  {
    challenge: 'Personalisation that does not scale',
    description:
      'Real research takes 10-15 minutes a prospect, so teams either personalise a handful of emails or send the same template to everyone.',
    solution: 'Each lead arrives with the post that triggered it, an ICP fit breakdown and a drafted first message to edit and send.',
    impact: 'Personal outreach at template volume; customers typically see 12x ROI within 6 months.',
  },
];
