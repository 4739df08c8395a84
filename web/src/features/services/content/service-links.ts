import { Activity, BrainCircuit, MailCheck, Radar, type LucideIcon } from 'lucide-react';
import { paths } from '@/config/paths';

/** A short pointer to one service page, for cross-links between them. */
export interface ServiceLink {
  path: string;
  name: string;
  summary: string;
  icon: LucideIcon;
}

/** The four service pages, in navigation order. */
export const serviceLinks: readonly ServiceLink[] = [
  {
    path: paths.aiSignalDetection.path,
    name: 'AI Signal Detection',
    summary: 'Hiring, funding, competitor, job-change and research signals, scored against your ICP.',
    icon: Radar,
  },
  {
    path: paths.leadEnrichment.path,
    name: 'Lead Enrichment and Verification',
    summary: 'Verified work emails and 50+ data points per lead, reverified every 30 days.',
    icon: MailCheck,
  },
  {
    path: paths.salesIntelligence.path,
    name: 'Sales Intelligence',
    summary: 'The signal, the context and a drafted first message for every lead.',
    icon: BrainCircuit,
  },
  {
    path: paths.communityMonitoring.path,
    name: 'Community Monitoring',
    summary: 'The forums and communities where your buyers ask for help, watched 24/7.',
    icon: Activity,
  },
];
