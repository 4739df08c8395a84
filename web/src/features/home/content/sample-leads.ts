import { intentColors, type Intent, type IntentColor } from './intents';

/** A landing-page sample lead (docs/product.md §3.1). All people and companies are fictional. */
export interface SampleLead {
  name: string;
  title: string;
  company: string;
  email: string;
  website: string;
  signal: string;
  source: string;
  intent: Intent;
  intentScore: number;
  intentColor: IntentColor;
}

type Row = [string, string, string, string, string, string, string, Intent, number];

// name, title, company, email, website, signal, source, intent, score
const rows: Row[] = [
  [
    'Maya Lindqvist',
    'VP of Sales',
    'Quillstack',
    'maya@quillstack.io',
    'quillstack.io',
    'Asked which intent data tools actually work for mid-market outbound; current vendor contract ends next month.',
    'Reddit r/sales',
    'Ready to Buy',
    95,
  ],
  [
    'Daniel Okafor',
    'Head of Growth',
    'Brightforge Labs',
    'daniel.okafor@brightforge.dev',
    'brightforge.dev',
    'Posted three SDR openings this week and asked for advice on ramping new reps with warm lead lists.',
    'LinkedIn',
    'Hot',
    91,
  ],
  [
    'Priya Raman',
    'Revenue Operations Lead',
    'Tessellate AI',
    'priya@tessellate.ai',
    'tessellate.ai',
    'Comparing enrichment providers after bounce rates hit 14%, looking for verified emails at scale.',
    'Hacker News',
    'Hot',
    88,
  ],
  [
    'Lucas Ferreira',
    'Founder & CEO',
    'Harborline Freight',
    'lucas@harborline.co',
    'harborline.co',
    'Just closed a $12M Series A and says outbound is the next thing to fix before Q3, open to demos.',
    'X (Twitter)',
    'Ready to Buy',
    93,
  ],
  [
    'Emma Novak',
    'Sales Director',
    'Lumora Health',
    'emma.novak@lumorahealth.com',
    'lumorahealth.com',
    'Asked the community how to spot accounts researching competitors before they book demos elsewhere.',
    'Slack: RevGenius',
    'Warm',
    85,
  ],
];

/** The five sample leads of the dashboard preview (scores 95, 91, 88, 93, 85). */
export const sampleLeads: SampleLead[] = rows.map(([name, title, company, email, website, signal, source, intent, intentScore]) => ({
  name,
  title,
  company,
  email,
  website,
  signal,
  source,
  intent,
  intentScore,
  intentColor: intentColors[intent],
}));

/** The total the preview claims to page through. */
export const premiumLeadTotal = 247;
