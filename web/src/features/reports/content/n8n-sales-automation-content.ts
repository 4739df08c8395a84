import type { HeroStat } from '@/components/content/page-hero';
import type { DataTableData } from '@/components/content/data-table';
import type { NumberedItem } from '../components/guide-numbered-list';
import type { TimelineStep } from '../components/timeline';

/** The automation guide (docs/product.md §8.2, report 7); code samples are in n8n-sales-automation-code.ts. */
export const automationGuide = {
  path: '/reports/n8n-sales-automation',
  eyebrow: 'Automation guide · n8n',
  title: 'The Sales Automation Guide: Five Workflows That Replace Busywork',
  intro:
    'Most reps spend more time researching, copying and updating records than selling. These five n8n workflows take a buying signal from detection to a booked meeting with a human checking only the parts that need judgement.',
  stats: [
    { value: '5', label: 'Core automations' },
    { value: '4 weeks', label: 'To production' },
    { value: '~230 h', label: 'Saved a month' },
    { value: '~90%', label: 'Lower cost' },
  ] satisfies HeroStat[],

  why: [
    'n8n is an open-source workflow tool you can self-host or run in n8n Cloud. It suits sales automation for three reasons: it is priced per workflow execution rather than per step, so a ten-step enrichment flow costs the same as a two-step one; its Code node runs real JavaScript when a visual node is not enough; and self-hosting keeps prospect data on infrastructure you control.',
    'The workflows below assume a signal source that can call a webhook (Signalpipe does, and so do most form and enrichment tools), a CRM with an API, and Slack for alerts. Build them in order: each one feeds the next.',
  ],

  automations: [
    {
      title: 'Signal capture into the CRM',
      summary:
        'A webhook receives every new signal, removes duplicates and upserts the contact and company, with the signal, its source link and timestamp on the record.',
      points: [
        'Nodes: Webhook → Remove Duplicates (on email + signal type, within 30 days) → CRM upsert → Set "last signal" fields.',
        'Saves the 5-10 minutes of copy-and-paste per lead that reps never do consistently.',
        'Respond to the webhook immediately and process after, so the sender never times out.',
      ],
    },
    {
      title: 'Enrichment and verification waterfall',
      summary:
        'Fills in what the signal lacks (work email, title, headcount, tech stack) by trying providers in order and stopping at the first confident answer, then verifies the email before anything is sent.',
      points: [
        'Nodes: HTTP Request to provider A → IF found → else provider B → email verification API → IF status is "valid".',
        'Discard "invalid" and park "catch-all" addresses for manual review; keep bounces below 2%.',
        'Cache results per domain for 30 days so the same company is never paid for twice.',
      ],
    },
    {
      title: 'Scoring and routing',
      summary:
        'Scores every lead with score = 0.6 × ICP fit + 0.4 × signal strength, sends 75 and above to an owner with a Slack alert and the rest to nurture.',
      points: [
        'Nodes: Code (the scoring sample below) → IF score ≥ 75 → round-robin owner from a data table → Slack.',
        'Put the threshold and weights in one place so sales leadership can tune them without editing code.',
        'Re-score leads hourly on a Schedule Trigger, because signal strength decays with age.',
      ],
    },
    {
      title: 'Drafted, approved outreach',
      summary:
        'A language model drafts a first email that references the signal; the owner approves or edits it in Slack with one click, and the approved email is queued in your sending tool.',
      points: [
        'Nodes: OpenAI (or any OpenAI-compatible model) → Slack message with Approve and Edit buttons → Wait for webhook → HTTP Request to the sending tool.',
        'Constrain the prompt: under 150 words, a subject under 50 characters, one question, no claims you cannot prove.',
        'Schedule sends for Tuesday to Thursday, 10-11 AM in the recipient’s time zone.',
      ],
    },
    {
      title: 'Reply handling and follow-up',
      summary:
        'Classifies every reply as interested, not now, referral or unsubscribe, updates the CRM stage, stops the sequence and books the follow-up.',
      points: [
        'Nodes: Email trigger (IMAP) or the sending tool’s reply webhook → model classification → Switch → CRM update → Slack to the owner.',
        'Interested replies get your scheduling link drafted back within minutes; "not now" sets a reminder for the date they gave.',
        'No reply after 3-5 days triggers one value-adding follow-up, never a "just bumping this".',
      ],
    },
  ] satisfies NumberedItem[],

  roadmap: [
    {
      when: 'Week 1',
      title: 'Foundation and signal capture',
      description:
        'Stand up n8n (n8n Cloud, or Docker on a small server behind HTTPS), add credentials for the CRM and Slack, and create the custom CRM fields for signal type, score and source URL.',
      points: [
        'Build automation 1 and send it a week of test signals.',
        'Add an error workflow that posts failed executions to a #sales-ops channel.',
      ],
      outcome: 'Every signal lands in the CRM once, with its context, without anyone touching it.',
    },
    {
      when: 'Week 2',
      title: 'Enrichment, verification and scoring',
      description:
        'Add the enrichment waterfall and the scoring Code node, then back-test the score against the last 50 closed-won and closed-lost deals.',
      points: ['Build automations 2 and 3.', 'Agree the threshold (start at 75) and the owner rotation with sales leadership.'],
      outcome: 'Reps receive only verified, scored leads above the threshold, each with a Slack alert.',
    },
    {
      when: 'Week 3',
      title: 'Drafted outreach with approval',
      description:
        'Write the drafting prompt with two or three of your best-performing emails as examples, and wire the approval step into Slack.',
      points: [
        'Build automation 4 and run it on 20 leads with every draft reviewed.',
        'Track edits: if reps rewrite more than half of a draft, fix the prompt before scaling.',
      ],
      outcome: 'A rep goes from alert to approved, personalised email in under two minutes.',
    },
    {
      when: 'Week 4',
      title: 'Replies, reporting and handover',
      description:
        'Close the loop with reply handling, then build a weekly report of signals, scores, replies and meetings so the weights can be tuned on evidence.',
      points: ['Build automation 5.', 'Document each workflow in its own sticky note and export the JSON into version control.'],
      outcome: 'The system runs end to end, and sales ops owns a weekly tuning routine.',
    },
  ] satisfies TimelineStep[],

  costTable: {
    caption: 'What it costs to process 1,000 signals a month (6-step workflow)',
    columns: ['Approach', 'Software', 'Data and verification', 'People time', 'Total per month'],
    rows: [
      { label: 'Manual research and data entry', cells: ['$0', '≈ $200', '250 h ≈ $10,000', '≈ $10,200'] },
      { label: 'Task-priced automation platform', cells: ['≈ $150-250 (6,000 tasks)', '≈ $200', '20 h ≈ $800', '≈ $1,150-1,250'] },
      { label: 'n8n Cloud', cells: ['≈ $25-60 (1,000 executions)', '≈ $200', '20 h ≈ $800', '≈ $1,025-1,060'] },
      { label: 'n8n self-hosted', cells: ['$0 licence + ≈ $20 server', '≈ $200', '24 h ≈ $960 (incl. upkeep)', '≈ $1,180'] },
    ],
    footnote:
      'Assumptions: 15 minutes of manual research and entry per lead, people time at $40 an hour fully loaded, about $0.20 per lead for enrichment and verification credits. Platform figures are approximate 2025 list prices; check current pricing. Task-priced platforms bill each action step, so six steps for 1,000 leads is 6,000 tasks; n8n bills one execution per run however many steps it has. Self-hosting pays off at higher volumes or when data must stay on your own servers, not at 1,000 signals a month.',
  } satisfies DataTableData,
};
