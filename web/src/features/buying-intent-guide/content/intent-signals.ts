import type { Email } from '@/components/content/email-card';
/** How strongly a signal predicts a purchase; drives the badge colour. */
export type IntentLevel = 'highest' | 'high' | 'medium';

/** One of the seven buying-intent signals of the guide. */
export interface IntentSignal {
  id: string;
  name: string;
  badge: string;
  level: IntentLevel;
  /** Typical reply rate of signal-led outreach, e.g. "18-28%". */
  conversion: string;
  examples: readonly string[];
  why: string;
  timing: string;
  outreach: Email;
}

/** The seven intent signals, strongest first (docs/product.md §8.5). */
export const intentSignals: readonly IntentSignal[] = [
  {
    id: 'tool-research',
    name: 'Tool research and recommendation requests',
    badge: 'Highest intent',
    level: 'highest',
    conversion: '18-28%',
    examples: [
      '"Can anyone recommend a CRM for a 15-person agency? HubSpot is getting expensive."',
      'A RevOps lead comparing three vendors in a community thread.',
      'A founder asking which tools people use for outbound on a startup forum.',
    ],
    why: 'The buyer has already decided to buy and is building a shortlist. You are not creating demand, only answering a question they asked in public. Whoever gives the most useful answer first is usually on the shortlist.',
    timing:
      'Within hours. Most recommendation threads collect their useful answers in the first 24-48 hours, and the shortlist forms with them.',
    outreach: {
      subject: 'Your CRM question in RevOps Club',
      body: [
        'Hi Jordan,',
        'Saw your question about a CRM for a 15-person agency. The three things that usually decide it at your size are per-seat price above 10 users, how client projects are tracked, and whether the reporting survives your first big client.',
        'I put together a one-page comparison of the four tools people suggested in the thread, including ours, with those three points side by side.',
        'Want me to send it?',
        'Sam',
      ],
    },
  },
  {
    id: 'competitor-engagement',
    name: 'Competitor engagement',
    badge: 'Highest intent',
    level: 'highest',
    conversion: '15-25%',
    examples: [
      'A public complaint about a competitor’s outage, price rise or support.',
      'A one-star review on a software review site from a company in your ICP.',
      'Comments on a competitor’s post asking about a missing feature.',
    ],
    why: 'Frustration with the current tool is the most common trigger for switching. The buyer already understands the category and the budget exists; what is missing is a credible alternative and a low-risk way to move.',
    timing: 'Within 24 hours of the post. Frustration fades quickly once the vendor responds or the problem is worked around.',
    outreach: {
      subject: 'The export issue you mentioned',
      body: [
        'Hi Renata,',
        'Read your post about exports breaking after the last update. You are not the only one: we heard the same from three teams this month, and two of them fixed it with a scheduled export in the meantime.',
        'If you are weighing a switch, we move your data over in a day, and you can keep the current tool until the end of its contract.',
        'Would a 15-minute look at how the export works on our side be useful?',
        'Daniel',
      ],
    },
  },
  {
    id: 'pain-points',
    name: 'Pain-point posts',
    badge: 'High intent',
    level: 'high',
    conversion: '10-18%',
    examples: [
      '"Our reps spend half their day on research instead of calls. How do you fix this?"',
      'A head of support describing a ticket backlog after a product launch.',
      'A finance lead asking how others reduced late payments.',
    ],
    why: 'The buyer has named the exact problem you solve, in their own words. They may not be looking for a vendor yet, which is why a helpful answer beats a pitch: it makes you the expert before the search starts.',
    timing: 'Within 1-3 days. Lead with the answer to their question, and offer the product only as one of the options.',
    outreach: {
      subject: 'Reps stuck on research',
      body: [
        'Hi Ahmed,',
        'Your post about reps spending half the day on research struck a chord. The teams that fixed it did two things: they stopped researching accounts with no sign of need, and they gave reps the reason to call along with the contact.',
        'Happy to share the workflow one 12-person team used to get 9 hours a week back per rep. No strings attached.',
        'Shall I send it?',
        'Claire',
      ],
    },
  },
  {
    id: 'job-change',
    name: 'Job change',
    badge: 'High intent',
    level: 'high',
    conversion: '8-15%',
    examples: [
      'A new VP of Sales starts at a company in your ICP.',
      'A former customer’s champion moves to a new employer.',
      'A new CTO announces they are "reviewing the stack".',
    ],
    why: 'New leaders are expected to make changes and are given budget to do it. Most review their tools and vendors in the first 90 days, and a champion who used your product before brings the trust with them.',
    timing:
      'Between week 2 and day 90 of the new role. Give them a week to settle in, and reach out before their first-quarter plan is fixed.',
    outreach: {
      subject: 'Congrats on the new role at Brightline',
      body: [
        'Hi Grace,',
        'Congratulations on joining Brightline as VP of Sales. Most sales leaders we work with spend their first 90 days on two questions: where next quarter’s pipeline will come from, and which tools the team actually uses.',
        'We built a short benchmark of pipeline sources for teams of Brightline’s size. It might be useful for your first planning cycle.',
        'Would you like a copy?',
        'Oliver',
      ],
    },
  },
  {
    id: 'funding',
    name: 'Funding events',
    badge: 'High intent',
    level: 'high',
    conversion: '6-12%',
    examples: [
      'A Series A or B announcement from a company in your ICP.',
      'A growth round with a stated plan to expand into new markets.',
      'A debt facility earmarked for hiring or acquisitions.',
    ],
    why: 'Fresh capital comes with a plan and a deadline: investors expect growth in the next 12-18 months, and the company needs tools and services to get there. Budget that did not exist last month now does.',
    timing:
      'Days 3-21 after the announcement. Skip the first 48 hours of congratulations and reach out once the hiring plan becomes visible.',
    outreach: {
      subject: 'Hitting the Series B targets',
      body: [
        'Hi Marcus,',
        'Congratulations on the Series B. The announcement mentioned doubling the sales team this year, which usually means new reps need pipeline from their first week, not their third month.',
        'We help teams like yours give every new rep a list of accounts already showing buying intent on day one.',
        'Is pipeline for the new hires something you are planning for yet?',
        'Nina',
      ],
    },
  },
  {
    id: 'hiring',
    name: 'Hiring activity',
    badge: 'Medium intent',
    level: 'medium',
    conversion: '5-10%',
    examples: [
      'Three SDR roles posted in a month by a 60-person company.',
      'A job description that names a tool you replace or integrate with.',
      'A first hire in a new function, such as a first RevOps manager.',
    ],
    why: 'Job posts reveal priorities and budget, and often name the tools in use. A company hiring for the function your product supports is investing in that area right now, and often looking for ways to make the new hires productive sooner.',
    timing: 'Within 1-2 weeks of the post going live, while the role is open and the manager is thinking about onboarding.',
    outreach: {
      subject: 'Your three open SDR roles',
      body: [
        'Hi Leah,',
        'Noticed you are hiring three SDRs. The hardest part of that plan is usually not the hiring but the first 60 days, when new reps call lists that are not ready to buy.',
        'Our customers’ new SDRs book their first meeting in week two on average, because they start with accounts that are already in market.',
        'Worth a short call before the new team starts?',
        'Tom',
      ],
    },
  },
  {
    id: 'expansion',
    name: 'Expansion and new initiatives',
    badge: 'Medium intent',
    level: 'medium',
    conversion: '4-9%',
    examples: [
      'A new office, country launch or acquisition announcement.',
      'A product launch that creates a new team or market.',
      'A public compliance deadline the company has to meet, such as SOC 2 or a new regulation.',
    ],
    why: 'Every new initiative creates needs the existing setup was not built for: new processes, new tools, new suppliers. The need is real but less urgent than a direct request, so it rewards relevance over speed.',
    timing: 'In the 2-6 weeks around the announcement, when the initiative has an owner but the vendors are not yet chosen.',
    outreach: {
      subject: 'Launching in Germany',
      body: [
        'Hi Pieter,',
        'Saw that Fernhill is opening in Berlin this spring. The teams we have helped expand into DACH all hit the same two issues in the first quarter: finding German-speaking decision makers and getting past stricter email rules.',
        'We wrote up what worked for them in a two-page note. Want me to send it over?',
        'Ines',
      ],
    },
  },
];
