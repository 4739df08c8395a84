import {
  BadgeCheck,
  Building2,
  Database,
  Fingerprint,
  MailCheck,
  MessageSquareQuote,
  RefreshCw,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { ServiceContent } from './types';

/** /services/lead-enrichment */
export const leadEnrichment: ServiceContent = {
  path: paths.leadEnrichment.path,
  name: 'Lead Enrichment and Verification',
  serviceType: 'B2B lead enrichment and email verification',
  keywords: paths.leadEnrichment.keywords,
  hero: {
    eyebrow: 'Lead Enrichment and Verification',
    title: 'Every lead arrives with a contact you can actually reach',
    intro:
      'A buying signal is only useful if you can reach the person behind it. Signalpipe matches each post to a person and a company, finds and verifies a work email, and adds 50+ data points so reps can personalise without opening ten browser tabs.',
    stats: [
      { value: '98%', label: 'Email deliverability' },
      { value: '50+', label: 'Data points per lead' },
      { value: '2M+', label: 'Companies' },
      { value: '10M+', label: 'Contacts' },
    ],
  },
  features: {
    title: 'A complete, verified record for every lead',
    intro:
      'Enrichment runs automatically on every lead Signalpipe finds. Nothing reaches your dashboard with a guessed email or an unknown company.',
    items: [
      {
        icon: Fingerprint,
        title: 'Identity resolution',
        description:
          'The author of a post is matched to a real person and company using their public profile, linked sites and company domain. Ambiguous matches are flagged, never guessed.',
      },
      {
        icon: MailCheck,
        title: 'Email finding and verification',
        description:
          'Work addresses are found from known company patterns and checked at the mail server before delivery. Catch-all domains are labelled so you know which addresses carry risk.',
        points: ['98% email deliverability', 'Role and personal addresses excluded', 'Risky addresses marked, not hidden'],
      },
      {
        icon: Building2,
        title: 'Company firmographics',
        description:
          'Industry, headcount band, revenue range, headquarters, funding stage and the tools the company already uses, drawn from an index of 2M+ companies.',
      },
      {
        icon: UserRound,
        title: 'Person details',
        description:
          'Role, seniority, department, time in role, region and time zone from 10M+ contact records, so the message goes to the right person at the right hour.',
      },
      {
        icon: RefreshCw,
        title: 'Reverified every 30 days',
        description:
          'People change jobs and domains change mail servers. Every contact is reverified every 30 days; stale records are updated or withdrawn before they bounce.',
      },
      {
        icon: MessageSquareQuote,
        title: 'Signal context attached',
        description:
          'Each record keeps the post that created it: the words, the source, the date and the signal type. Your rep sees why this person is a lead, not just who they are.',
      },
    ],
  },
  process: {
    title: 'How a post becomes a verified lead',
    intro: 'Four automatic stages run between detection and delivery.',
    steps: [
      {
        title: 'Match',
        description: 'Resolve the post author to a person and a company domain. No confident match, no lead.',
      },
      {
        title: 'Enrich',
        description: 'Add 50+ data points about the person and the company from 2M+ company and 10M+ contact records.',
      },
      {
        title: 'Verify',
        description: 'Find the work email and check it at the mail server. Unverifiable addresses are marked as such.',
      },
      {
        title: 'Keep fresh',
        description: 'Reverify every 30 days and treat a detected job change as a new signal, not a dead record.',
      },
    ],
  },
  outcomes: {
    title: 'Why verification matters to the whole team',
    intro: 'Bad data costs more than the time spent fixing it.',
    items: [
      {
        icon: ShieldCheck,
        title: 'Protected sender reputation',
        description:
          'Bounce rates above a few percent push your domain towards spam folders for every message you send. Verified addresses keep your best campaigns in the inbox.',
      },
      {
        icon: BadgeCheck,
        title: 'Personalisation in seconds',
        description:
          'Role, company stage, stack and the triggering post are on one screen. A relevant first line takes a minute to write, and the drafted message already has one.',
      },
      {
        icon: Database,
        title: 'A CRM that stays clean',
        description:
          'Records arrive complete and consistent, and are reverified on a schedule, so RevOps is not left de-duplicating and patching imports every quarter.',
      },
    ],
  },
  faqs: [
    {
      question: 'Where does the contact data come from?',
      answer:
        'From public professional profiles, company websites and public company registries, compiled into our own index of 2M+ companies and 10M+ contacts. We do not buy lists of personal email addresses and we only deliver work contact details.',
    },
    {
      question: 'How do you verify an email address?',
      answer:
        'We derive the likely address from the company\u2019s known patterns, then check with the receiving mail server that the mailbox exists, without sending a message. Addresses on catch-all domains that cannot be confirmed are labelled so you can decide whether to use them.',
    },
    {
      question: 'What does 98% email deliverability mean?',
      answer:
        'Of the addresses we mark as verified, 98% accept mail when our customers send to them. The rest are mostly mailboxes closed after our last check, which is why every contact is reverified every 30 days.',
    },
    {
      question: 'What happens when a contact changes jobs?',
      answer:
        'The reverification run notices the change, updates the record with the new company and role, and raises a job-change signal. A champion who moves to a new company is often your next deal.',
    },
    {
      question: 'Is prospecting with this data legal under GDPR?',
      answer:
        'Signalpipe processes work contact details of business people on the basis of legitimate interest in B2B sales, using only information they made public. Anyone can object or ask for their data to be erased, and we honour those requests across all customers. Your own outreach must still follow the rules of the countries you sell into, such as including an easy opt-out.',
    },
  ],
  closing: {
    title: 'Stop paying for bounces',
    text: 'Start with verified, enriched leads from the first day. Tell us who you sell to and we will show you what a complete record looks like for your market.',
  },
};
