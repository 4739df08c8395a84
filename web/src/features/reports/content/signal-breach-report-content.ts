import type { HeroStat } from '@/components/content/page-hero';
import type { Callout } from '../components/guide-callout';
import type { DataTableData } from '@/components/content/data-table';
import type { Email } from '@/components/content/email-card';
import type { NumberedItem } from '../components/guide-numbered-list';
import type { ToolGroup } from '../components/guide-tool-groups';

/** A sample email play: when to run it and what to send. */
export interface EmailPlay {
  name: string;
  trigger: string;
  audience: string;
  timing: string;
  first: Email;
  followUp: Email;
}

/** The sales system guide, breach edition (docs/product.md §8.2, report 6). */
export const breachReport = {
  path: '/reports/signal-breach-report',
  eyebrow: 'Sales system guide · Breach edition',
  title: 'The Sales System Guide: Breach Edition',
  intro:
    'A breach is the moment an account crosses your lead-score threshold: the funding closes, the new VP starts, the competitor lets them down. This guide lays out the five-pillar system that notices the breach within hours and puts a relevant message in front of the buyer before anyone else does.',
  stats: [
    { value: '5', label: 'Pillars' },
    { value: '75', label: 'Breach threshold' },
    { value: '2', label: 'Email plays' },
    { value: '< 24 h', label: 'Response window' },
  ] satisfies HeroStat[],

  definition: [
    'Most outbound systems are built around volume: a list, a sequence and a target number of sends. They treat every account as equally ready, which is why reply rates sit around 1%. A breach system starts from the opposite assumption: almost nobody is ready, and the skill is in noticing the few who just became ready.',
    'Every account in your market carries a score: score = 0.6 × ICP fit + 0.4 × signal strength, from 0 to 100. Fit changes slowly; signal strength jumps when something happens. When the combined score crosses 75, the account has breached, and the system’s only job is to get a specific, useful message to the right person while the reason is still fresh.',
  ],

  pillars: [
    {
      title: 'Coverage: listen where buyers talk',
      summary:
        'You cannot react to a breach you never see. Coverage means watching the places your buyers describe their problems in their own words, not just the press releases.',
      points: [
        'Communities and forums where your buyers ask peers for advice (subreddits, Slack and Discord groups, industry forums).',
        'Review sites and competitor comment threads, where frustration is public and specific.',
        'Hiring pages, funding announcements and leadership changes for every account in your ICP.',
        'Aim for 50-100 high-quality sources for a focused ICP before adding more; noise grows faster than signal.',
      ],
    },
    {
      title: 'Scoring: define the breach',
      summary:
        'A breach needs a number, or every rep will invent their own. Fit and signal are scored separately and combined, so a perfect-fit account with no signal and a hot signal from a poor fit both stay below the line.',
      points: [
        'ICP fit (60%): industry, headcount, region, tech stack and the buyer’s role.',
        'Signal strength (40%): how explicit the intent is and how recent. A direct request for recommendations beats a vague complaint; a post from today beats one from last month.',
        'Breach at 75 and above goes to a rep; 60-74 goes to nurture; below 60 is ignored.',
        'Re-score hourly, because signal strength decays as the moment passes.',
      ],
    },
    {
      title: 'Speed: act inside the window',
      summary:
        'Intent decays in days. The first relevant vendor in the conversation often writes the shortlist, so the system is measured in hours from signal to first touch.',
      points: [
        'Route breached accounts to an owner automatically, with the signal and a drafted message attached.',
        'Target: first touch within 24 hours of the signal, same day for requests for recommendations.',
        'If nobody acts within 48 hours, the account is reassigned rather than forgotten.',
      ],
    },
    {
      title: 'Relevance: reference the reason, not the product',
      summary:
        'The message earns a reply by showing you understand why now. It names the trigger, offers something useful about it and asks one small question.',
      points: [
        'Subject lines under 50 characters; bodies under 150 words.',
        'One idea per email: the trigger, one insight, one question.',
        'Send Tuesday to Thursday between 10 and 11 AM in the recipient’s time zone.',
        'Never imply surveillance: refer to the public post or announcement, not to "our system detected".',
      ],
    },
    {
      title: 'Feedback: let engagement move the score',
      summary:
        'What prospects do after the first touch is the freshest signal you have. Feed it back into the score so follow-up goes to the people leaning in.',
      points: [
        'Add points for engagement and firmographics (see the table below), and treat tier A (above 60 engagement points) as a call-today list.',
        'Follow up after 3-5 days with new value, not "just bumping this".',
        'Every month, compare breached accounts that closed with those that did not and re-weight the signals.',
      ],
    },
  ] satisfies NumberedItem[],

  engagementTable: {
    caption: 'Engagement points that move an account up after the first touch',
    columns: ['Event or attribute', 'Points', 'Why it matters'],
    rows: [
      { label: 'Opened the email', cells: ['+10', 'Weak on its own (privacy proxies inflate opens), useful in combination.'] },
      { label: 'Clicked a link', cells: ['+20', 'A deliberate action: they wanted more than the preview.'] },
      { label: 'Company has 100-1,000 employees', cells: ['+30', 'The size band where a single champion can still buy quickly.'] },
      { label: 'Uses a technology you integrate with', cells: ['+25', 'Shorter implementation, easier business case.'] },
      { label: 'Tier A threshold', cells: ['above 60', 'Call or message personally today.'] },
    ],
    footnote:
      'Engagement points sit alongside the lead score, they do not replace it: the lead score decides who is contacted, engagement decides who is followed up first.',
  } satisfies DataTableData,

  plays: [
    {
      name: 'Play 1: The competitor breach',
      trigger:
        'A prospect in your ICP publicly complains about a competitor: an outage, a price rise, a missing feature or a support ticket nobody answered.',
      audience: 'The person who posted, or the owner of that tool at their company if the post came from a team member.',
      timing: 'Within 24 hours of the post. After a week the frustration has either been fixed or the evaluation has started without you.',
      first: {
        subject: 'Your post about the billing sync',
        body: [
          'Hi Priya,',
          'Saw your post in the RevOps community about invoices going out of sync after every plan change. That usually comes from the tool writing to the billing system on a schedule instead of on the event, so fixes only last until the next batch.',
          'We wrote up the three workarounds teams use while they decide whether to switch, including the one that needs no new software. Happy to send it over.',
          'Worth a look?',
          'Marco',
        ],
      },
      followUp: {
        subject: 'Re: Your post about the billing sync',
        body: [
          'Hi Priya,',
          'Following up with the guide itself, in case it helps this week: three ways to stop plan changes breaking invoices, about a five-minute read. The second one is the fix Northvale’s RevOps team used before their renewal.',
          'If it is useful, I can show you in 15 minutes how we handle the sync on the event. If not, no follow-ups from me.',
          'Marco',
        ],
      },
    },
    {
      name: 'Play 2: The funding breach',
      trigger: 'An ICP account announces a funding round and, within a few weeks, posts sales or marketing roles.',
      audience: 'The head of sales or revenue, or the founder at seed and Series A companies.',
      timing: 'Between day 3 and day 21 after the announcement, once the congratulations wave has passed and the hiring plan is public.',
      first: {
        subject: 'Ramping the four new AEs',
        body: [
          'Hi Tom,',
          'Congratulations on the Series A. I noticed you are hiring four account executives and an SDR lead, which usually means the pipeline plan assumes each new rep is productive by month three.',
          'The teams we see hit that date give new reps a list of accounts already showing intent on day one, instead of a territory and a database login.',
          'Would it help to see which accounts in your market are in buying mode this week?',
          'Lena',
        ],
      },
      followUp: {
        subject: 'Re: Ramping the four new AEs',
        body: [
          'Hi Tom,',
          'One number that might be useful for the hiring plan: across the scale-ups we work with, reps who start with intent-qualified accounts book their first meeting in week two rather than week six.',
          'I put together a sample of 10 in-market accounts that match your customer base. Shall I send it over?',
          'Lena',
        ],
      },
    },
  ] satisfies EmailPlay[],

  tools: [
    {
      job: 'Signal capture',
      tools: [
        { name: 'Signalpipe', use: 'Monitors 500+ communities and platforms and scores every signal against your ICP.' },
        { name: 'F5Bot', use: 'Free keyword alerts for Reddit, Hacker News and Lobsters: a simple start for one or two keywords.' },
        { name: 'Google Alerts', use: 'News mentions of named accounts, funding and leadership changes.' },
      ],
    },
    {
      job: 'Enrichment and verification',
      tools: [
        { name: 'Clay', use: 'Waterfall enrichment across many data providers in one table.' },
        { name: 'Apollo.io', use: 'Contact and company data with built-in sequencing.' },
        { name: 'NeverBounce or ZeroBounce', use: 'Verify every address before it is sent to; keep bounces under 2%.' },
      ],
    },
    {
      job: 'Sending',
      tools: [
        { name: 'Instantly or Smartlead', use: 'Sending across several warmed inboxes with reply detection.' },
        { name: 'Lemlist', use: 'Multichannel sequences with email and LinkedIn steps.' },
      ],
    },
    {
      job: 'CRM and routing',
      tools: [
        { name: 'HubSpot or Pipedrive', use: 'The record of every breached account, owner and outcome.' },
        { name: 'n8n', use: 'Routes signals to owners, writes to the CRM and alerts Slack when an account breaches.' },
      ],
    },
    {
      job: 'Deliverability',
      tools: [
        { name: 'Google Postmaster Tools', use: 'Domain reputation and spam rate for Gmail recipients.' },
        { name: 'MXToolbox', use: 'Checks SPF, DKIM, DMARC and blocklists before and during a campaign.' },
      ],
    },
  ] satisfies ToolGroup[],

  warning: {
    title: 'Warning: speed without relevance is just faster spam',
    body: [
      'A breach system makes it easy to reach people at sensitive moments: right after they complained in public, started a new job or raised money. Used carelessly it feels like being watched. Reference only public information, never stack several signals into one creepy paragraph, and give every recipient a one-line way to opt out.',
      'Respect the rules where your prospects live: a lawful basis and clear opt-out under GDPR and the UK PECR for European contacts, CAN-SPAM requirements in the US and CASL consent rules in Canada. Keep sending volume per inbox low, authenticate your domain with SPF, DKIM and DMARC, and stop a play the moment its spam complaints rise above 0.1%.',
    ],
  } satisfies Callout,
};
