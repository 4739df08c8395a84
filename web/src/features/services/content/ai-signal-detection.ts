import { ArrowRightLeft, Banknote, BriefcaseBusiness, Gauge, Search, Swords, Target, Timer, Users } from 'lucide-react';
import { paths } from '@/config/paths';
import type { ServiceContent } from './types';

/** /services/ai-signal-detection */
export const aiSignalDetection: ServiceContent = {
  path: paths.aiSignalDetection.path,
  name: 'AI Signal Detection',
  serviceType: 'Buying-intent signal detection',
  keywords: paths.aiSignalDetection.keywords,
  hero: {
    eyebrow: 'AI Signal Detection',
    title: 'Know who is ready to buy before they fill in a form',
    intro:
      'Signalpipe reads 500+ communities and social platforms around the clock and flags the five signals that come before a purchase: hiring, funding, competitor engagement, job changes and tool research. Each one is scored against your ideal customer profile, so reps start the day with a short list of people who need what you sell this quarter.',
    stats: [
      { value: '500+', label: 'Communities monitored' },
      { value: '24/7', label: 'Detection' },
      { value: '92%', label: 'Detection accuracy' },
      { value: '5-15 min', label: 'From post to alert' },
    ],
  },
  features: {
    title: 'Five signals that predict a purchase, and one score that ranks them',
    intro:
      'Keyword alerts tell you a word was used. Signal detection tells you what the post means for your pipeline: who is changing, what budget just appeared and which problem is now urgent.',
    items: [
      {
        icon: BriefcaseBusiness,
        title: 'Hiring activity',
        description:
          'A company hiring for the team your product serves is about to spend money on that team. A first RevOps hire needs tooling; five new SDR seats need pipeline.',
        points: ['Job posts and "we are hiring" threads', 'Role, seniority and team size', 'Flagged the day the post goes live'],
      },
      {
        icon: Banknote,
        title: 'Funding events',
        description:
          'Fresh capital comes with a plan to grow headcount and pipeline. The first 90 days after a round are when new vendors get chosen.',
        points: ['Announced rounds and founder posts', 'Stage and amount where public', 'Matched to your company-size filter'],
      },
      {
        icon: Swords,
        title: 'Competitor engagement',
        description:
          'Complaints about a competitor, renewal questions and "alternatives to…" threads are the warmest conversations you can join.',
        points: ['Your named competitors tracked', 'Frustration told apart from praise', 'The feature or price point that hurts'],
      },
      {
        icon: ArrowRightLeft,
        title: 'Job changes',
        description:
          'A buyer who starts a new role reviews their stack within months. A former champion at a new company is the shortest sales cycle you will ever run.',
        points: ['New role announcements', 'Seniority and department', 'Your past contacts followed to new companies'],
      },
      {
        icon: Search,
        title: 'Tool research',
        description:
          '"What do you use for…?" and comparison threads mean a shortlist is being written. Reaching the author while it is open puts you on it.',
        points: ['Recommendation requests', 'Comparison and pricing questions', 'The category and requirements they name'],
      },
      {
        icon: Gauge,
        title: 'One intent score per lead',
        description:
          'Every lead gets a 0-100 score: 60% ICP fit, 40% signal strength. 80 and above is Ready to Buy, 60 and above Hot, 40 and above Warm, and you choose the threshold.',
        points: ['Intent scores recalculated hourly', 'Stacked signals from one account add up', 'The reason for each score shown'],
      },
    ],
  },
  process: {
    title: 'From a public post to a ranked lead in minutes',
    intro: 'The pipeline runs continuously. You see its output, not its work.',
    steps: [
      {
        title: 'Describe your ideal customer',
        description:
          'Industries, company size, roles, regions, the competitors you displace and the problems you solve. It takes about ten minutes in onboarding and can be tuned at any time.',
      },
      {
        title: 'Agents watch your market',
        description:
          'Agents read 500+ communities, forums and social platforms 24/7, plus any feeds you add. New posts are picked up and detected within 5-15 minutes of going public.',
      },
      {
        title: 'Classify, filter and score',
        description:
          'Each post is classified into one of the five signal types or discarded as noise, then scored against your profile. Scores are recalculated hourly as new signals arrive.',
      },
      {
        title: 'Deliver with context',
        description:
          'Leads above your threshold land in the dashboard with the triggering post, a verified contact and a drafted first message. Export any view to CSV.',
      },
    ],
  },
  outcomes: {
    title: 'What changes for your team',
    intro: 'Detection replaces the part of prospecting nobody is good at: guessing who is in market.',
    items: [
      {
        icon: Target,
        title: 'SDRs work a short list',
        description:
          'Instead of sequencing 2,000 names and hoping, reps call the 40 people who raised their hand this week and know what to open with.',
      },
      {
        icon: Timer,
        title: 'You are first, not fifth',
        description:
          'A recommendation thread collects vendor replies for a day or two. Arriving in the first hours, with a relevant answer, is the difference between a demo and silence.',
      },
      {
        icon: Users,
        title: 'Leaders see real demand',
        description:
          'Signal volume by type and segment shows where the market is moving: which competitor is losing customers, which industry is hiring, which region is raising.',
      },
    ],
  },
  faqs: [
    {
      question: 'What counts as a buying signal?',
      answer:
        'A public post or event that shows a person or company is likely to buy in your category soon: hiring for a relevant role, raising money, complaining about or asking about a competitor, starting a new job, or researching tools. Generic mentions of a keyword are not signals and are filtered out.',
    },
    {
      question: 'How accurate is the detection?',
      answer:
        'Detection accuracy is 92%: in reviewed samples of flagged posts, 92% were confirmed as the signal type the agent assigned. Posts the classifier is unsure about are dropped rather than guessed, so a quiet day means a quiet market, not a broken filter.',
    },
    {
      question: 'How quickly will I see a signal after someone posts?',
      answer:
        'Usually within 5-15 minutes of the post becoming public. Intent scores are recalculated hourly, so a lead whose company also starts hiring or announces a round moves up the list the same day.',
    },
    {
      question: 'Which sources do you monitor?',
      answer:
        'More than 500 communities and social platforms: public forums, subreddits, Hacker News, professional networks, Q&A and review sites, job boards and news feeds. During onboarding we add the niche communities where your buyers talk, and you can add your own RSS or Atom feeds.',
    },
    {
      question: 'Do you read private groups or messages?',
      answer:
        'No. Signalpipe only reads content that is publicly available without signing in to a private space. We do not join closed groups, read direct messages or use anyone else\u2019s credentials.',
    },
    {
      question: 'Can I control how many leads I get?',
      answer:
        'Yes. Set your signal threshold to 80 for Ready to Buy leads only, 60 to include Hot leads, or 40 to include Warm leads. Narrowing your profile (company size, region, roles) lowers volume and raises fit.',
    },
  ],
  closing: {
    title: 'See the buying signals in your market this week',
    text: 'Tell us who you sell to and Signalpipe starts watching your market straight away. Your first ranked leads usually arrive within a day.',
  },
};
