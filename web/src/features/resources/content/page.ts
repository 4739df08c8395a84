import type { HeroStat } from '@/components/content/page-hero';
import { guides } from './guides';
import { tools } from './tools';

const guidePages = guides.reduce((sum, g) => sum + g.stats.pages, 0);

/** Headline copy of /resources. */
export const resourcesPage = {
  eyebrow: 'Free resources',
  title: 'Tools and guides for teams that sell on buying signals',
  intro:
    'Work out what intent-led prospecting is worth to your team, check every lead against the signals that matter, and borrow the playbooks our customers use. Everything here is free.',
  stats: [
    { value: String(tools.length), label: 'Free tools' },
    { value: String(guides.length), label: 'In-depth guides' },
    { value: String(guidePages), label: 'Pages of playbooks' },
    { value: '10,000+', label: 'Sales professionals' },
  ] satisfies HeroStat[],
  closing: {
    title: 'Ready to stop guessing who is in market?',
    text: 'Start a free trial and get ranked, verified leads with the signal behind each one, or book a demo and we will show you live buying signals in your market.',
  },
};
