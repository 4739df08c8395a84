import type { IcpForm } from '../types';

/** Select options of the ICP form, verbatim from docs/product.md §4.4 (the first is the default). */
export const icpOptions = {
  companySize: ['50-200', '10-50', '200-1000', '1000+ employees'],
  revenueRange: ['$1M - $10M ARR', '$10M - $50M ARR', '$50M+ ARR', 'Under $1M ARR'],
  fundingStage: ['Series A-B', 'Seed', 'Series C+', 'Bootstrapped'],
  signalThreshold: ['High 80%+ match', 'Medium 60%+ match', 'All signals 40%+ match'],
} as const;

/** Visible text of a company-size option (the value stays verbatim). */
export const companySizeLabel = (value: string) => (value.endsWith('employees') ? value : `${value} employees`);

/** The form's starting values: a worked example a visitor can search with at once. */
export const defaultIcp: IcpForm = {
  targetTitles: 'VP of Sales, Head of Growth, Revenue Operations Lead',
  companySize: icpOptions.companySize[0],
  revenueRange: icpOptions.revenueRange[0],
  fundingStage: icpOptions.fundingStage[0],
  geographic: 'North America, Western Europe',
  techStack: 'Salesforce, HubSpot, Outreach',
  painPoints: 'Low reply rates, Stale contact data, Slow pipeline',
  competitors: 'ZoomInfo, Apollo, 6sense',
  industries: 'SaaS, Fintech, Artificial Intelligence',
  exclusions: 'Agencies, Students',
  // Medium: on the bundled corpus this example finds about 17 leads scoring 60+ that are about
  // what it sells (docs/icp-fit.md); 'High 80%+' keeps only the strongest, if any.
  signalThreshold: icpOptions.signalThreshold[1],
  budgetIndicators: 'Recent funding, Hiring SDRs',
  useAIQueries: true,
  // What the vendor sells: the relevance gate reads it (docs/icp-fit.md), so the example finds
  // posts about sales data and prospecting, not every post with buying intent.
  knowledgeBase:
    'We sell a B2B sales intelligence and prospecting platform: verified contact data, buying-intent signals and outreach sequences that help SDR and revenue teams book more meetings.',
};
