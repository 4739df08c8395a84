import { BellRing, Filter, Map as MapIcon, MessagesSquare, Megaphone, Rocket, Rss, ScanSearch, Handshake } from 'lucide-react';
import { paths } from '@/config/paths';
import type { ServiceContent } from './types';

/** /services/community-monitoring */
export const communityMonitoring: ServiceContent = {
  path: paths.communityMonitoring.path,
  name: 'Community Monitoring',
  serviceType: 'Online community and social monitoring for sales',
  keywords: paths.communityMonitoring.keywords,
  hero: {
    eyebrow: 'Community Monitoring',
    title: 'Be in the thread when your buyers ask for help',
    intro:
      'Buyers ask peers before they ask vendors. Signalpipe watches the forums, subreddits, professional networks, Q&A and review sites where your market talks, 24/7, and tells you while the conversation is still open.',
    stats: [
      { value: '500+', label: 'Communities monitored' },
      { value: '24/7', label: 'Coverage' },
      { value: '5-15 min', label: 'Alert time' },
      { value: '92%', label: 'Detection accuracy' },
    ],
  },
  features: {
    title: 'Listening built for pipeline, not for brand reports',
    intro:
      'Social listening counts mentions. Community monitoring finds the person who needs you, including people who never mention your name.',
    items: [
      {
        icon: MapIcon,
        title: 'A source map of your market',
        description:
          'During onboarding we map where your buyers actually talk: the big platforms, and the niche forums and subreddits your competitors have never heard of.',
      },
      {
        icon: ScanSearch,
        title: 'Meaning, not keywords',
        description:
          'The classifier tells "we are moving off this tool" from "this tool is great" and "any recommendations?" from "here is my recommendation". Only the first of each pair is a lead.',
      },
      {
        icon: Filter,
        title: 'Noise removed',
        description:
          'Vendor self-promotion, job seekers, students and bots are filtered out before anything reaches you, so alerts stay worth opening.',
      },
      {
        icon: BellRing,
        title: 'Alerts while it matters',
        description:
          'New posts are detected within 5-15 minutes. A recommendation thread collects its best answers in the first few hours; you arrive in time to be one of them.',
      },
      {
        icon: MessagesSquare,
        title: 'The whole thread',
        description:
          'Replies often say more than the post: the budget, the deadline, the tools already ruled out. Signalpipe keeps the thread context with the lead.',
      },
      {
        icon: Rss,
        title: 'Your own sources',
        description:
          'Add RSS or Atom feeds, specific communities and industry news sites, and they are monitored with the same detection and scoring as the rest.',
      },
    ],
  },
  process: {
    title: 'How monitoring runs',
    intro: 'Set up once, tuned as you learn which conversations convert.',
    steps: [
      {
        title: 'Map',
        description: 'Choose the communities, competitors and problems to watch, starting from 500+ signal sources.',
      },
      {
        title: 'Listen',
        description: 'Agents read every new public post and thread in those sources, around the clock.',
      },
      {
        title: 'Filter',
        description: 'Noise is dropped and real buying intent is classified, enriched and scored.',
      },
      {
        title: 'Alert',
        description: 'You get the post, the person, a verified contact and a suggested reply or message.',
      },
    ],
  },
  outcomes: {
    title: 'Who uses community monitoring',
    intro: 'Anyone whose customers ask strangers for advice before they ask a salesperson.',
    items: [
      {
        icon: Rocket,
        title: 'Founders selling first',
        description: 'Find your first hundred customers where they already gather, without a marketing budget and without cold lists.',
      },
      {
        icon: Handshake,
        title: 'Sales teams',
        description: 'Reach people days before they book competitor demos, with a message that answers the question they asked in public.',
      },
      {
        icon: Megaphone,
        title: 'Marketing and community teams',
        description: 'Learn the words buyers use, the objections they raise and the alternatives they compare, straight from the source.',
      },
    ],
  },
  faqs: [
    {
      question: 'Which communities do you monitor?',
      answer:
        'More than 500 public communities and platforms, including subreddits, Hacker News, professional networks, industry forums, Q&A sites, review sites and news feeds. The exact set for your account depends on where your buyers talk, which we work out with you during onboarding.',
    },
    {
      question: 'Do you post or send messages on our behalf?',
      answer:
        'No. Signalpipe never posts, comments or sends direct messages from your accounts. It tells you what was said and by whom, and drafts a reply or message that you review and send yourself.',
    },
    {
      question: 'Can you monitor private or invite-only groups?',
      answer:
        'No. We only monitor content that is public without signing in to a private space. That keeps the service within the terms of the communities and respects the people in them.',
    },
    {
      question: 'How is this different from a social listening tool?',
      answer:
        'Social listening tools measure brand mentions and sentiment for marketing reports. Signalpipe looks for people with a purchase need in your category, whether or not they mention you, and turns each one into a reachable, scored lead.',
    },
    {
      question: 'Can we add a niche forum that matters in our industry?',
      answer:
        'Yes. Public forums and any site that publishes an RSS or Atom feed can be added to your sources and are monitored with the same detection and scoring as everything else.',
    },
  ],
  closing: {
    title: 'Hear your market the moment it speaks',
    text: 'Tell us who you sell to and where you think they talk. We will map the rest and start sending you the conversations worth joining.',
  },
};
