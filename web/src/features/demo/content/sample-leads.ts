import type { Lead } from '../types';

/** The five built-in sample leads (spec 000 §9: scores 95, 91, 88, 93, 85). Fictional people and companies. */
export const sampleLeads: readonly Lead[] = [
  {
    id: 'sample-1', name: 'Maya Lindqvist', title: 'VP of Sales', company: 'Quillstack',
    email: 'maya@quillstack.io', phone: '+1 415 555 0132', source: 'Reddit r/sales',
    signal: 'Asked which intent data tools actually work for mid-market outbound; current vendor contract ends next month.',
    linkedin: 'https://www.linkedin.com/in/maya-lindqvist-example',
    fullContext: 'Maya runs a 14-person outbound team at Quillstack, a document-automation SaaS selling to mid-market legal teams. Her current intent-data contract renews in five weeks and she posted that reply rates have dropped below 2%. She is comparing three vendors and asked specifically about verified contact data and competitor-engagement alerts.',
    intentScore: 95, status: 'Ready to Buy', intentTier: 'hot', industry: 'SaaS', employees: '50-200',
  },
  {
    id: 'sample-2', name: 'Daniel Okafor', title: 'Head of Growth', company: 'Brightforge Labs',
    email: 'daniel.okafor@brightforge.dev', phone: '+1 646 555 0178', source: 'LinkedIn',
    signal: 'Posted three SDR openings this week and asked for advice on ramping new reps with warm lead lists.',
    linkedin: 'https://www.linkedin.com/in/daniel-okafor-example',
    fullContext: 'Brightforge Labs builds developer tooling and closed a seed extension last quarter. Daniel is hiring three SDRs and wants them productive in their first month; he asked peers how they source warm lists so new reps do not burn through cold data.',
    intentScore: 91, status: 'Hot', intentTier: 'warm', industry: 'Developer Tools', employees: '10-50',
  },
  {
    id: 'sample-3', name: 'Priya Raman', title: 'Revenue Operations Lead', company: 'Tessellate AI',
    email: 'priya@tessellate.ai', phone: '+1 512 555 0109', source: 'Hacker News',
    signal: 'Comparing enrichment providers after bounce rates hit 14%, looking for verified emails at scale.',
    linkedin: 'https://www.linkedin.com/in/priya-raman-example',
    fullContext: 'Tessellate AI sells computer-vision QA to manufacturers. Priya owns the data stack for a 30-seat sales team and reported a 14% bounce rate from their current enrichment vendor. She needs verified emails and reverification before a Q3 outbound push.',
    intentScore: 88, status: 'Warm', intentTier: 'other', industry: 'Artificial Intelligence', employees: '50-200',
  },
  {
    id: 'sample-4', name: 'Lucas Ferreira', title: 'Founder & CEO', company: 'Harborline Freight',
    email: 'lucas@harborline.co', phone: '+1 305 555 0147', source: 'X (Twitter)',
    signal: 'Just closed a $12M Series A and says outbound is the next thing to fix before Q3, open to demos.',
    linkedin: 'https://www.linkedin.com/in/lucas-ferreira-example',
    fullContext: 'Harborline Freight is a digital freight forwarder that announced a $12M Series A. Lucas wrote that founder-led sales no longer scales and that he is taking demos of outbound tooling this month, with budget approved in the round.',
    intentScore: 93, status: 'Ready to Buy', intentTier: 'hot', industry: 'Logistics', employees: '50-200',
  },
  {
    id: 'sample-5', name: 'Emma Novak', title: 'Sales Director', company: 'Lumora Health',
    email: 'emma.novak@lumorahealth.com', phone: '+1 617 555 0190', source: 'Slack: RevGenius',
    signal: 'Asked the community how to spot accounts researching competitors before they book demos elsewhere.',
    linkedin: 'https://www.linkedin.com/in/emma-novak-example',
    fullContext: 'Lumora Health sells patient-engagement software to clinics. Emma lost two deals last quarter to a competitor that reached the buyer first and is researching ways to detect competitor-evaluation signals earlier.',
    intentScore: 85, status: 'Warm', intentTier: 'other', industry: 'Healthcare', employees: '200-1000',
  },
];

/** The total the sample list claims to page through (the count text). */
export const premiumLeadTotal = 247;
