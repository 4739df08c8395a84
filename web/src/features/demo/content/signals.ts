import type { Signal } from '../types';

/** The five demo signals (docs/product.md §4.10), one of each type. */
export const sampleSignals: readonly Signal[] = [
  {
    id: 'sig-1',
    type: 'hiring_activity',
    title: 'Hiring 3 SDRs',
    company: 'Brightforge Labs',
    timestamp: '12 minutes ago',
    strength: 88,
    description: 'Three SDR roles posted this week with "warm pipeline" in the job description.',
  },
  {
    id: 'sig-2',
    type: 'funding_event',
    title: 'Series A announced',
    company: 'Harborline Freight',
    timestamp: '1 hour ago',
    strength: 93,
    description: '$12M Series A; the founder names outbound as the next priority.',
  },
  {
    id: 'sig-3',
    type: 'competitor_engagement',
    title: 'Comparing intent vendors',
    company: 'Quillstack',
    timestamp: '2 hours ago',
    strength: 95,
    description: 'VP of Sales asked which intent-data tools work before a contract renewal.',
  },
  {
    id: 'sig-4',
    type: 'job_change',
    title: 'New Sales Director',
    company: 'Lumora Health',
    timestamp: '5 hours ago',
    strength: 81,
    description: 'A new Sales Director started and is rebuilding the outbound playbook.',
  },
  {
    id: 'sig-5',
    type: 'tech_research',
    title: 'Researching enrichment tools',
    company: 'Tessellate AI',
    timestamp: 'Yesterday',
    strength: 86,
    description: 'RevOps lead compared enrichment providers after a 14% bounce rate.',
  },
];
