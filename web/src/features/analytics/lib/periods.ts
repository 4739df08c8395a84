/** The dashboard's periods (docs/product.md §11), in selector order. */
export const periods = [
  { id: '24h', label: 'Last 24 Hours' },
  { id: '7d', label: 'Last 7 Days' },
  { id: '30d', label: 'Last 30 Days' },
  { id: '90d', label: 'Last 90 Days' },
] as const;

export type PeriodId = (typeof periods)[number]['id'];

/** The period selected on opening the page. */
export const defaultPeriod: PeriodId = '7d';
