import { BarChart3, Layers, LineChart, MessageSquareQuote, PenLine, Scale, Swords, Trophy, UserCheck } from 'lucide-react';
import { paths } from '@/config/paths';
import type { ServiceContent } from './types';

/** /services/sales-intelligence */
export const salesIntelligence: ServiceContent = {
  path: paths.salesIntelligence.path,
  name: 'Sales Intelligence',
  serviceType: 'B2B sales intelligence',
  keywords: paths.salesIntelligence.keywords,
  hero: {
    eyebrow: 'Sales Intelligence',
    title: 'Know why a prospect is in market, not just that they exist',
    intro:
      'For every lead Signalpipe shows the post that triggered it, what it says about the buyer\u2019s problem, how well the account fits your ideal customer profile and a drafted first message that refers to it. Reps open with something relevant instead of a template.',
    stats: [
      { value: '10x', label: 'Response rates' },
      { value: 'Hourly', label: 'Intent score updates' },
      { value: '50+', label: 'Data points per lead' },
      { value: '12x', label: 'ROI within 6 months' },
    ],
  },
  features: {
    title: 'Context your reps can use in the first sentence',
    intro:
      'A contact database tells you who works where. Sales intelligence tells you what changed, why it matters to them and what to say about it.',
    items: [
      {
        icon: MessageSquareQuote,
        title: 'The signal behind every lead',
        description:
          'The quoted post, where and when it appeared and which of the five signal types it is. No black-box scores: you can read exactly what the buyer said.',
      },
      {
        icon: Scale,
        title: 'Scores you can explain',
        description:
          'ICP fit broken down by industry, company size, role and region, next to the signal strength. Reps and managers can see why a lead is Ready to Buy and challenge it.',
      },
      {
        icon: Layers,
        title: 'Account timelines',
        description:
          'Signals from the same company are grouped. A new VP of Sales, three SDR job posts and a funding announcement in one month is an account to call today.',
      },
      {
        icon: PenLine,
        title: 'Drafted first messages',
        description:
          'Each lead comes with an opening message that references the signal: a subject line under 50 characters and a body under 150 words, ready to edit and send.',
      },
      {
        icon: Swords,
        title: 'Competitive intelligence',
        description:
          'See which competitors prospects are leaving, the features and prices they complain about, and which of your strengths answers each complaint.',
      },
      {
        icon: BarChart3,
        title: 'Pipeline views',
        description:
          'Filter leads by intent tier, signal type and segment, and export any view to CSV for your CRM, sequencer or weekly pipeline review.',
      },
    ],
  },
  process: {
    title: 'How intelligence reaches the rep',
    intro: 'The same loop runs for every lead, every hour.',
    steps: [
      {
        title: 'Capture',
        description: 'Detect the signal and keep the exact words, the source and the time.',
      },
      {
        title: 'Explain',
        description: 'Enrich the person and the company, and break the score into fit and intent.',
      },
      {
        title: 'Prioritise',
        description: 'Recalculate intent scores hourly and group signals by account, so the list reorders itself.',
      },
      {
        title: 'Act',
        description: 'Hand the rep a verified contact and a drafted message that refers to what the buyer said.',
      },
    ],
  },
  outcomes: {
    title: 'Built for the people who carry a number',
    intro: 'Each role gets a different answer from the same data.',
    items: [
      {
        icon: UserCheck,
        title: 'SDRs and BDRs',
        description:
          'Less research per touch and better replies. A message about the buyer\u2019s own post earns up to 10x the response rate of a cold template.',
      },
      {
        icon: Trophy,
        title: 'Account executives',
        description:
          'Walk into discovery knowing the trigger, the incumbent tool and the complaint. Competitive deals start with the objection already answered.',
      },
      {
        icon: LineChart,
        title: 'Sales leaders',
        description:
          'See where demand is coming from by segment and signal type, and forecast pipeline from signals rather than from activity counts.',
      },
    ],
  },
  faqs: [
    {
      question: 'How is this different from a contact database?',
      answer:
        'A database lists everyone who matches your filters, whether or not they need you. Signalpipe starts from a buying signal, so every record comes with a reason to reach out now, and then adds the contact and company data you would get from a database.',
    },
    {
      question: 'Who writes the outreach?',
      answer:
        'Signalpipe drafts a first message for every lead that references the signal and follows proven limits: a subject under 50 characters and a body under 150 words. Your reps edit and send it from their own tools; nothing is sent on your behalf.',
    },
    {
      question: 'Where does the 10x response rate come from?',
      answer:
        'From comparing replies to messages that respond to a specific, recent signal with replies to cold messages sent to a static list. Relevance and timing do most of the work; your offer and your rep do the rest.',
    },
    {
      question: 'How soon do customers see a return?',
      answer:
        'Customers typically see 12x ROI within 6 months. The first qualified conversations usually happen in the first weeks; the return compounds as reps learn which signals convert best for your offer. Our ROI calculator lets you run the numbers for your own team.',
    },
    {
      question: 'Does it work with our CRM?',
      answer:
        'Any lead view exports to CSV in one click, which every major CRM and sequencing tool imports. During onboarding we agree how leads should reach your team, including field mapping and ownership rules.',
    },
  ],
  closing: {
    title: 'Give every rep a reason to call',
    text: 'Start your trial and your team gets ranked leads with the signal, the context and a drafted message, or browse our free resources to sharpen the playbook first.',
  },
};
