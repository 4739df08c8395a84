import { Bot, Inbox, Layers3, Radar, Target } from 'lucide-react';
import type { Feature } from '@/components/content/feature-grid';
import type { Practice } from '../components/do-dont-columns';
import type { ReportFigure } from '../components/figure-grid';
import type { RankingRow } from '../components/ranking-table';

export const indexHero = {
  eyebrow: 'Cold Email Conversion Index',
  title: 'What Gets Cold Emails Answered, Industry by Industry',
  intro:
    'Reply rates by recipient industry, the habits that lift them and the ones that quietly kill them, how replies move through the year, and what we expect to change next. Built for sales leaders setting targets and reps writing Monday’s sequence.',
  stats: [
    { value: '5.1%', label: 'Average reply rate' },
    { value: '10', label: 'Industries ranked' },
    { value: '3-5 days', label: 'Best follow-up gap' },
    { value: '10-11 AM', label: 'Best send window' },
  ],
} as const;

export const methodology =
  'Reply rate is the share of delivered emails that received a human reply, positive or neutral, across a first email and up to three follow-ups. Auto-replies and unsubscribes are excluded. Change is in percentage points against the previous year.';

export const keyFindings: readonly ReportFigure[] = [
  {
    value: 'Up to 10x',
    label: 'Replies when the email cites a signal',
    note: 'Emails that reference a real trigger (a hiring post, a funding round, a tool comparison) outperform list-based sends by the widest margin we measure.',
  },
  {
    value: '42%',
    label: 'Of replies come from follow-ups',
    note: 'Nearly half of all replies arrive on the second to fourth touch. Teams that stop after one email leave them on the table.',
  },
  {
    value: '1.6x',
    label: 'Reply lift for bodies under 150 words',
    note: 'Short emails with one observation and one question beat long ones in every industry in the index.',
  },
  {
    value: 'Tue-Thu',
    label: 'Strongest send days',
    note: 'Tuesday to Thursday between 10 and 11 AM in the recipient’s time zone: after the morning inbox clean-up, before lunch.',
  },
];

export const rankingCaption = 'Cold email reply rate by recipient industry, with the change in percentage points against the previous year';

export const industryRanking: readonly RankingRow[] = [
  { industry: 'SaaS and software', rate: '7.9%', change: '+1.2 pts' },
  { industry: 'Recruitment and staffing', rate: '7.1%', change: '+0.8 pts' },
  { industry: 'Marketing and creative agencies', rate: '6.6%', change: '+0.5 pts' },
  { industry: 'IT services and MSPs', rate: '6.2%', change: '+0.9 pts' },
  { industry: 'Legal and accounting', rate: '5.8%', change: '-0.3 pts' },
  { industry: 'Manufacturing', rate: '5.4%', change: '+0.6 pts' },
  { industry: 'Healthcare and dental practices', rate: '5.1%', change: '+0.4 pts' },
  { industry: 'Real estate', rate: '4.7%', change: '-0.6 pts' },
  { industry: 'E-commerce and retail', rate: '4.2%', change: '-0.2 pts' },
  { industry: 'Financial services', rate: '3.6%', change: '-0.4 pts' },
];

export const rankingNotes =
  'Software and recruitment lead because buyers there change tools and hire constantly, so a well-timed email meets a live need. Real estate and financial services fall because their inboxes are the most crowded and the most filtered.';

export const whatWorks: readonly Practice[] = [
  {
    title: 'Subject lines under 50 characters',
    detail: 'Plain and specific, like a note from a colleague: “Brightwater’s open hygiene slots”, not “Grow your revenue by 300%!”',
  },
  {
    title: 'Bodies under 150 words',
    detail: 'One observation about them, one problem it suggests, one question. If it needs scrolling on a phone, it is too long.',
  },
  {
    title: 'Follow up every 3-5 days',
    detail: 'Three or four touches, each adding something new: a number, an example, a simpler ask. Never “just bumping this”.',
  },
  {
    title: 'Send Tuesday to Thursday, 10-11 AM',
    detail: 'In the recipient’s time zone. Schedule by region rather than sending everything from your own morning.',
  },
  {
    title: 'Open with the signal',
    detail: 'Name the reason you are writing now: the job post, the funding round, the question they asked in a community.',
  },
  {
    title: 'Ask a question answerable in one line',
    detail: '“Worth a look?” or “Is this on your list this quarter?” converts better than asking for 30 minutes.',
  },
];

export const whatKills: readonly Practice[] = [
  {
    title: 'Links and attachments in the first email',
    detail: 'They trip spam filters and make a personal note look like a campaign. Earn the click in the reply.',
  },
  {
    title: 'Opening with yourself',
    detail: '“We are a leading provider of…” tells them nothing about their problem. Your company belongs in the signature.',
  },
  {
    title: 'Fake “Re:” and “Fwd:” subjects',
    detail: 'They win the open and lose the deal, and the spam complaints that follow hurt every later send.',
  },
  {
    title: 'Unverified lists and cold domains',
    detail: 'Bounces above 2% and brand-new domains without warm-up send you to spam. Verify every list and warm up every inbox.',
  },
  {
    title: 'Monday morning and Friday afternoon sends',
    detail: 'Monday’s email is buried under the weekend backlog; Friday’s is read on Monday, if at all.',
  },
  {
    title: 'Generic AI personalisation',
    detail: '“I see you are the VP of Sales at Acme” is not personal. Recipients now skip anything that could have been sent to anyone.',
  },
];

export const seasonalIntro =
  'Reply rates follow budgets and holidays. Plan volume around them: push hardest when budgets open, and use quiet weeks to build lists and test copy.';

export const seasonalTrends: readonly ReportFigure[] = [
  {
    value: '5.6%',
    label: 'Q1: Budgets open',
    note: 'Slow first two weeks of January, then the strongest stretch of the year as new budgets are released. Best quarter for new-tool pitches.',
  },
  {
    value: '5.2%',
    label: 'Q2: Steady execution',
    note: 'April and May hold up well; replies soften in late June as holidays begin. Good for case-study-led follow-ups.',
  },
  {
    value: '4.3%',
    label: 'Q3: Summer slump',
    note: 'The lowest quarter, especially in Europe in August. September rebounds sharply: launch new sequences on the first Tuesday after Labor Day.',
  },
  {
    value: '5.0%',
    label: 'Q4: Use it or lose it',
    note: 'October to mid-November is strong as teams spend remaining budget and plan next year. After mid-December, pause and prepare January.',
  },
];

export const predictions: readonly Feature[] = [
  {
    icon: Radar,
    title: 'Signal-based outreach becomes the default',
    description:
      'Lists of everyone with a matching title keep losing to lists of people with a reason to buy now. Teams will be judged on how fast they act on a signal, not how many contacts they own.',
  },
  {
    icon: Inbox,
    title: 'Inbox rules keep tightening',
    description:
      'Since Gmail and Yahoo began enforcing bulk-sender rules in 2024 (SPF, DKIM and DMARC, one-click unsubscribe, spam complaints under 0.3%), filtering has only become stricter. Authentication and low volume per inbox are table stakes.',
  },
  {
    icon: Bot,
    title: 'AI volume makes real specifics more valuable',
    description:
      'As AI-written email floods inboxes, generic personalisation becomes noise. A true, checkable observation about the recipient will be the strongest differentiator a rep has.',
  },
  {
    icon: Layers3,
    title: 'Shorter sequences across more channels',
    description:
      'Expect three or four emails alongside a LinkedIn touch and a call, rather than eight emails in a row. Each channel carries the same single idea.',
  },
  {
    icon: Target,
    title: 'Meetings per 100 sends replaces reply rate',
    description:
      'Leaders will set targets on booked meetings and pipeline per 100 emails, which rewards targeting and timing over clever subject lines.',
  },
];
