import type { HeroStat } from '@/components/content/page-hero';

/** Headline copy of the use cases page. */
export const useCasesPage = {
  eyebrow: 'Use cases',
  title: 'Buying signals for every team that sells B2B',
  intro:
    'SaaS companies, recruiters, service firms and agencies all lose deals the same way: they reach buyers after the decision has started. Here is how each of them uses Signalpipe to arrive first, from a founder selling alone to a sales organisation with fifty reps.',
  stats: [
    { value: '300+', label: 'Companies helped' },
    { value: '500+', label: 'Signal sources' },
    { value: '10x', label: 'Response rates' },
    { value: '12x', label: 'ROI within 6 months' },
  ] satisfies HeroStat[],
  closing: {
    title: 'See which signals your market is sending',
    text: 'Book a call and we will show you live buying signals for your industry and team, then help you decide whether Signalpipe fits. No slides, no obligation.',
  },
};
