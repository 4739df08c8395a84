import type { TeamSize } from './types';

/** Solutions by team size, smallest first. */
export const teamSizes: readonly TeamSize[] = [
  {
    size: 'Startups',
    range: '1-10',
    summary: 'Founder-led sales without a research hire.',
    benefits: [
      'Ranked leads with a drafted first message, so the founder spends selling time selling.',
      'Find the first hundred customers in the communities where they already ask for help.',
      'Set up in one onboarding session; the first leads usually arrive within a day.',
      'Learn which problems and competitors your market talks about before you write the pitch.',
    ],
    idealFor: [
      'Founders selling before the first sales hire',
      'Pre-seed to Series A teams testing a segment',
      'Boutique consultancies and small agencies',
    ],
  },
  {
    size: 'Scale-ups',
    range: '10-50',
    summary: 'A repeatable outbound motion that does not depend on list quality.',
    benefits: [
      'Every SDR starts the day with in-market accounts instead of a quota of cold touches.',
      'Filter by segment, region and intent tier so reps work their own territory without collisions.',
      'Export any view to CSV for your CRM and sequencer; the signal travels with the lead.',
      'See which signal types convert for your offer and shift effort towards them.',
    ],
    idealFor: [
      'Teams of 3-15 SDRs and account executives',
      'RevOps building the outbound playbook',
      'Companies entering a new segment or region',
    ],
  },
  {
    size: 'Enterprise',
    range: '50+',
    summary: 'Signal coverage across territories, segments and named accounts.',
    benefits: [
      'Coverage of 500+ communities and signal sources across every region you sell in.',
      'Account timelines that group hiring, funding and competitor signals for named-account programmes.',
      'Competitive displacement reporting: which rivals prospects are leaving, and why.',
      'Lead routing, field mapping and ownership rules agreed with RevOps during onboarding.',
    ],
    idealFor: [
      'Sales organisations with several teams and territories',
      'Account-based marketing and sales programmes',
      'Competitive displacement initiatives',
    ],
  },
];
