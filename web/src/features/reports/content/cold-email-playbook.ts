import { Anchor, CalendarCheck, Layers, Repeat, ShieldCheck, Target } from 'lucide-react';
import type { Feature } from '@/components/content/feature-grid';
import type { HeroStat } from '@/components/content/page-hero';
import type { ScriptStep } from '../components/call-script-steps';
import type { Email } from '@/components/content/email-card';

/** One touch of a follow-up sequence. */
export interface SequenceTouch {
  day: string;
  touch: string;
}

/** One niche campaign of the two-campaign system. */
export interface Campaign {
  id: string;
  title: string;
  facts: readonly { term: string; detail: string }[];
  sequence: readonly SequenceTouch[];
  email: Email;
}

/** A four-step sales call script. */
export interface CallScript {
  id: string;
  title: string;
  context: string;
  steps: readonly ScriptStep[];
}

export const coldEmailHero = {
  eyebrow: 'B2C Cold Email Playbook',
  title: 'Book Local Businesses on Autopilot with Two Cold Email Campaigns',
  intro:
    'The exact system for selling growth services to dentists, spas and salons: how to position the offer so it survives a bad month, two complete campaigns with the emails we send, and the call scripts that turn a reply into a signed pilot.',
  stats: [
    { value: '2', label: 'Ready-to-send campaigns' },
    { value: '4-step', label: 'Call scripts' },
    { value: '<150', label: 'Words per email' },
    { value: '3-5 days', label: 'Between follow-ups' },
  ] satisfies HeroStat[],
};

export const antiFragileIntro =
  'Fragile offers depend on one channel, one client or one good month. Anti-fragile offers get stronger when things go wrong: a slow month for your client is a reason to keep you, not cut you.';

export const antiFragilePrinciples: readonly Feature[] = [
  {
    icon: Target,
    title: 'Sell an outcome they already count',
    description:
      'Owners do not track leads or clicks; they track booked appointments and chair or room utilisation. Price and report on booked appointments, so your value shows up in the number they check every morning.',
  },
  {
    icon: Repeat,
    title: 'Pick demand that comes back',
    description:
      'Check-ups recur every six months and hair grows back every six weeks. Recurring, non-discretionary demand means every patient or client you bring in is worth several visits, and your results compound.',
  },
  {
    icon: ShieldCheck,
    title: 'Carry a guarantee that costs you little',
    description:
      'Setup is due only after the first 10 appointments are booked. You can afford this because the first campaign goes to the business’s own lapsed customers, who reply at several times the rate of strangers.',
  },
  {
    icon: Anchor,
    title: 'Own the list, rent the channel',
    description:
      'Keep every list, reply and booking in your own CRM. Send from two or three secondary domains, never the main one, so a deliverability problem pauses one inbox instead of the business.',
  },
  {
    icon: Layers,
    title: 'Go deep in two niches, not wide in twenty',
    description:
      'Every dentist you sign makes the next dentist email more credible. Two niches let you reuse offers, scripts and case numbers, and your reply rates climb while generalists start from zero each time.',
  },
  {
    icon: CalendarCheck,
    title: 'Fill their quiet hours, not their busy ones',
    description:
      'Aim every offer at the slots that sit empty: weekday mornings for dentists, Tuesday to Thursday afternoons for spas. You add revenue without adding staff, which is the easiest yes an owner can give.',
  },
];

export const campaignsIntro =
  'Both campaigns follow the same rules: a subject line under 50 characters, a body under 150 words, one specific observation about the business, one clear question, a follow-up every 3-5 days, and sends on Tuesday to Thursday between 10 and 11 AM in the prospect’s time zone.';

export const campaigns: readonly Campaign[] = [
  {
    id: 'dentists',
    title: 'Campaign 1: Dentists',
    facts: [
      {
        term: 'Who',
        detail: 'Independent family and cosmetic practices with 1-4 chairs; the owner-dentist decides, the office manager filters.',
      },
      {
        term: 'Where to find them',
        detail:
          'Google Maps exports by city, the state dental board licence list, and practices whose online booking shows open hygiene slots.',
      },
      {
        term: 'The pain',
        detail: 'Unbooked hygiene hours and patients who have not been seen in 18+ months, each of whom usually needs treatment.',
      },
      {
        term: 'The offer',
        detail: 'Reactivate lapsed patients first, then add new local families; setup is due after the first 10 booked appointments.',
      },
    ],
    sequence: [
      { day: 'Day 1', touch: 'The sample email, with one observation about their own schedule.' },
      { day: 'Day 4', touch: 'Two lines: offer to send the lapsed-patient math for their practice if they reply “yes”.' },
      { day: 'Day 8', touch: 'A worked example: what reactivating 5% of lapsed patients is worth in a year.' },
      { day: 'Day 12', touch: 'A polite close-the-loop email that asks who else handles scheduling.' },
    ],
    email: {
      from: 'Maya Chen, Northlight Growth',
      to: 'Dr. Aisha Rahman, Brightwater Family Dental',
      subject: 'Brightwater’s open hygiene slots',
      body: [
        'Hi Dr. Rahman,',
        'Your online booking shows open hygiene slots on Tuesday and Wednesday mornings for the next two weeks.',
        'At around $200 a visit, six empty slots a week is roughly $5,000 a month, before any treatment those cleanings would have found.',
        'We help family practices fill exactly those gaps. First we reach patients who have not been in for 18 months or more, then new families within five miles, and we book them straight into your open slots. You pay the setup fee only after the first 10 appointments are on your calendar.',
        'Would a 15-minute call on Thursday be worth it to see how many lapsed patients are sitting in your system?',
        'Best,\nMaya Chen\nNorthlight Growth',
      ],
    },
  },
  {
    id: 'spas-salons',
    title: 'Campaign 2: Spas and Salons',
    facts: [
      {
        term: 'Who',
        detail: 'Day spas, med spas and salons with 3-10 treatment rooms or chairs; owner-operated, often with a front-desk manager.',
      },
      {
        term: 'Where to find them',
        detail: 'Google Maps and Yelp by neighbourhood, booking-platform listings, and Instagram accounts that post last-minute openings.',
      },
      { term: 'The pain', detail: 'Full weekends and half-empty weekday afternoons, plus clients who booked once and never came back.' },
      {
        term: 'The offer',
        detail:
          'A three-week “midweek reset”: win back clients unseen for 90+ days and bring in local professionals with a weekday-only add-on.',
      },
    ],
    sequence: [
      { day: 'Day 1', touch: 'The sample email, naming the quiet weekday hours.' },
      { day: 'Day 5', touch: 'One line plus the exact weekday add-on you would offer their clients.' },
      { day: 'Day 9', touch: 'The utilisation math: what 20 extra midweek bookings are worth at their average ticket.' },
      { day: 'Day 14', touch: 'Close the loop and ask whether the front-desk manager is the better person to speak to.' },
    ],
    email: {
      from: 'Jonah Reyes, Ridgeline Local',
      to: 'Elena Torres, Lumen Day Spa',
      subject: 'Filling Lumen’s Tuesday afternoons',
      body: [
        'Hi Elena,',
        'Most day spas I talk to are fully booked Friday to Sunday and half empty Tuesday to Thursday afternoons. If Lumen looks the same, those hours are the cheapest revenue you can add: the rooms and staff are already there.',
        'We run a three-week “midweek reset” for spas. We message clients who have not booked in 90+ days, plus professionals who work within three miles, with a weekday-only add-on instead of a discount, and book them straight into your calendar.',
        'If we do not add at least 15 midweek bookings in the first month, the second month is free.',
        'Worth a 10-minute call this week? I will show you the exact message we would send your clients.',
        'Warmly,\nJonah Reyes\nRidgeline Local',
      ],
    },
  },
];

export const scriptsIntro =
  'A reply is not a deal. These two scripts take a prospect from “tell me more” to a start date. Each step has a goal; do not move on until you have reached it.';

export const callScripts: readonly CallScript[] = [
  {
    id: 'dentist-discovery',
    title: 'Script 1: The Dentist Discovery Call',
    context: '15 minutes, with the owner-dentist or office manager who replied.',
    steps: [
      {
        title: 'Open and earn permission',
        goal: 'Confirm the time and agree the agenda.',
        say: [
          'Thanks for making the time, Dr. Rahman. I have us down for 15 minutes, is that still good?',
          'I’ll ask a few questions about your schedule, share what we see working for practices your size, and if it’s a fit we’ll talk next steps. If it isn’t, I’ll tell you. Fair?',
        ],
        tip: '“If it isn’t, I’ll tell you” lowers the guard of someone who has been burned by agencies before.',
      },
      {
        title: 'Diagnose the gap',
        goal: 'Get three numbers: open hours, lapsed patients, new-patient sources.',
        say: [
          'In a typical week, how many hygiene hours go unbooked?',
          'Roughly how many active patients haven’t been in for 18 months or more?',
          'Where do most new patients come from today?',
        ],
        tip: 'If the office manager is on the call, ask them. They know the schedule better than the dentist does.',
      },
      {
        title: 'Quantify the cost together',
        goal: 'The prospect says the monthly cost in their own numbers.',
        say: [
          'So that’s about six open hours a week at around $200 each: $1,200 a week, close to $5,000 a month, before any crowns or fillings those visits would have found. Does that sound right to you?',
        ],
        tip: 'Use their numbers, never yours. If they say the gaps are fine, ask what a fully booked week would let them do.',
      },
      {
        title: 'Propose a pilot and close',
        goal: 'Agree a kickoff date.',
        say: [
          'Here’s what I’d suggest: a 30-day pilot. We start with your lapsed patients because they already trust you, then add new families nearby. Setup is due only after the first 10 appointments are booked.',
          'Could we pencil in the kickoff for Monday?',
        ],
        tip: 'On “we tried an agency”: ask what happened, then point out that they pay after booked appointments, not after clicks.',
      },
    ],
  },
  {
    id: 'spa-closing',
    title: 'Script 2: The Spa and Salon Closing Call',
    context: '20 minutes, the second call, after the owner has seen the sample client message.',
    steps: [
      {
        title: 'Reconnect to their words',
        goal: 'Restate the problem as they described it and confirm it.',
        say: ['Last time you said Tuesday to Thursday afternoons run at about 40% booked. Is that still where things are?'],
        tip: 'Quote them exactly. People agree with their own words far faster than with a summary of yours.',
      },
      {
        title: 'Paint the filled week',
        goal: 'Make the upside concrete and theirs.',
        say: [
          'With three therapists, four hours and three afternoons, that’s 36 slots a week. Going from 40% to 80% is about 14 more bookings a week. At your $95 average ticket that’s $1,330 a week, over $5,000 a month, with the same rooms and the same team.',
        ],
        tip: 'Stop talking after the number. Let them react first.',
      },
      {
        title: 'Present the offer in three lines',
        goal: 'A clear offer with no surprises.',
        say: [
          'What we do: write and send the win-back and local campaigns, and book clients into your calendar.',
          'What you do: approve the weekday add-on and brief the front desk.',
          'What it costs: one setup fee and a monthly fee, and if we add fewer than 15 midweek bookings in month one, month two is free.',
        ],
      },
      {
        title: 'Handle the objection, then ask',
        goal: 'A signed agreement and a launch date.',
        say: [
          'I hear you: discounts cheapen the brand. That’s why we never discount. Clients get a free add-on, a scalp treatment with any weekday massage, so your prices stay intact.',
          'Shall I send the agreement now so we can launch on the 1st?',
        ],
        tip: 'Ask for the start date, not for “thoughts”. Silence after the ask is fine.',
      },
    ],
  },
];
