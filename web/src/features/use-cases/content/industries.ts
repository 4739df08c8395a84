import { Briefcase, Building2, Cloud, Palette } from 'lucide-react';
import type { IndustryUseCase } from './types';

/** Solutions by industry, in page order. Customers quoted are fictional. */
export const industries: readonly IndustryUseCase[] = [
  {
    id: 'saas',
    icon: Cloud,
    title: 'SaaS',
    description:
      'Reach companies the week they outgrow a spreadsheet, lose patience with a competitor or hire the team your product serves, instead of sequencing everyone who matches a firmographic filter.',
    challenges: [
      'Outbound to static lists replies below 1% and wears out sending domains.',
      'A competitor\u2019s unhappy customers pick a replacement before you ever hear they were looking.',
      'Product-led sign-ups bring volume, but few of them come from accounts that will buy a paid plan.',
    ],
    useCases: [
      'Competitor displacement: reach people complaining about a rival tool while they compare alternatives.',
      'Hiring triggers: a first RevOps, data or security hire means new budget for that team\u2019s tools.',
      'Funding follow-up: contact Series A and B companies in the 90 days after a round, when vendors get chosen.',
      'Champion tracking: follow your power users to their new companies and open with a warm introduction.',
    ],
    results: {
      metric: '3.1x',
      label: 'more qualified demos per SDR each month',
      testimonial: {
        quote:
          'We stopped buying lists. Every morning our SDRs get about twenty people who asked about a tool like ours that week, and the first line of the email writes itself.',
        author: 'Maya Okafor',
        role: 'VP Sales, Ledgerline',
      },
    },
  },
  {
    id: 'recruitment',
    icon: Briefcase,
    title: 'Recruitment',
    description:
      'Win new client briefs by reaching hiring managers when a role opens or a team is about to grow, before the vacancy goes to every agency on the preferred supplier list.',
    challenges: [
      'By the time a role is on the job boards, the hiring manager has already called three agencies.',
      'Preferred supplier lists are hard to get onto with a cold email and a generic capabilities deck.',
      'Candidate-side noise (people looking for work) buries the client-side signals that lead to fees.',
    ],
    useCases: [
      'Hiring surges: companies posting several roles in one function, or reopening a role they could not fill.',
      'Funding-driven hiring: rounds announced with a headcount plan, reached before the roles are posted.',
      'Leadership moves: a new VP rebuilds their team in the first months and needs a recruiter who knows the market.',
      'Referral requests: hiring managers asking their network for candidates in public communities.',
    ],
    results: {
      metric: '41%',
      label: 'of new client briefs sourced from hiring and funding signals',
      testimonial: {
        quote:
          'We used to find out about roles from the job boards like everyone else. Now we call the hiring manager the day the funding is announced, with three relevant candidates in mind.',
        author: 'Tom Brennan',
        role: 'Managing Director, Northbeam Talent',
      },
    },
  },
  {
    id: 'b2b-services',
    icon: Building2,
    title: 'B2B Services',
    description:
      'Consultancies, IT services and professional firms: find businesses facing the problem you solve, such as a migration, an audit, a compliance deadline or a stalled implementation, while they are still deciding whom to call.',
    challenges: [
      'Sales cycles are long and the moment a company starts looking for help is invisible from outside.',
      'Referrals bring the best clients but arrive unpredictably, so utilisation swings from quarter to quarter.',
      'Generic outreach cannot show expertise; prospects need proof you understand their specific situation.',
    ],
    useCases: [
      'Problem-led prospecting: posts asking for help with a migration, an audit or a failing implementation.',
      'Tool research: companies evaluating the platforms you implement or support.',
      'Leadership changes: a new CFO or CTO reviewing suppliers in their first 100 days.',
      'Deadline pressure: compliance and reporting deadlines discussed in industry communities.',
    ],
    results: {
      metric: '2.4x',
      label: 'more proposals sent per quarter',
      testimonial: {
        quote:
          'Our partners now open conversations with "I saw you are moving off your old ERP" rather than "we do ERP projects". The proposals follow from that.',
        author: 'Priya Raman',
        role: 'Partner, Cobalt Advisory',
      },
    },
  },
  {
    id: 'agencies',
    icon: Palette,
    title: 'Agencies',
    description:
      'Reach companies that are hiring for marketing, unhappy with their current agency or launching something new, and pitch with evidence from their own posts rather than a portfolio link.',
    challenges: [
      'Pipeline swings between feast and famine because almost all new business comes from referrals.',
      'Formal RFPs often arrive after the client has already decided whom they want to work with.',
      'It is hard to tell a curious founder from a marketing lead with budget and a deadline.',
    ],
    useCases: [
      'Agency switching: founders asking for agency recommendations or describing what went wrong with their current one.',
      'In-house gaps: marketing roles left open for weeks, a sign the work needs doing now.',
      'Launch signals: a funding round, a new product or a rebrand that needs campaigns behind it.',
      'Partner capacity: other agencies looking for white-label help when they are over capacity.',
    ],
    results: {
      metric: '12',
      label: 'new retainers signed in the first six months',
      testimonial: {
        quote:
          'Half our new clients were people asking in public for an agency like ours. We used to stumble on those threads a week late; now we reply the same morning.',
        author: 'Aiden Walsh',
        role: 'Founder, Foxglove Studio',
      },
    },
  },
];
