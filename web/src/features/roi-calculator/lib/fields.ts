import type { RoiInputs } from './roi';

/** One input of the calculator form. */
export interface RoiField {
  key: keyof RoiInputs;
  label: string;
  hint: string;
  /** Shown before or after the box, e.g. "$" or "%". */
  prefix?: string;
  suffix?: string;
  step: string;
}

/** The five inputs, in the order the form shows them. */
export const roiFields: readonly RoiField[] = [
  { key: 'salesTeamSize', label: 'Sales team size', hint: 'Reps working leads', step: '1' },
  { key: 'avgDealSize', label: 'Average deal size', hint: 'Revenue per closed deal', prefix: '$', step: '100' },
  {
    key: 'currentConversionRate',
    label: 'Current conversion rate',
    hint: 'Share of leads that close',
    suffix: '%',
    step: '0.1',
  },
  { key: 'monthlyLeads', label: 'Monthly leads', hint: 'Leads your team works each month', step: '1' },
  { key: 'costPerLead', label: 'Cost per lead', hint: 'What one lead costs you today', prefix: '$', step: '1' },
];
