/**
 * The ROI calculator's arithmetic (docs/product.md §10.2), kept pure so every formula
 * is unit-tested. A quantity that would divide by zero is null, which the
 * page shows as a dash: never NaN or Infinity.
 */

/** The five calculator inputs (docs/product.md §10.1). */
export interface RoiInputs {
  salesTeamSize: number;
  avgDealSize: number;
  /** Current conversion rate in percent, e.g. 2 for 2%. */
  currentConversionRate: number;
  monthlyLeads: number;
  costPerLead: number;
}

/** The defaults the calculator opens with. */
export const defaultInputs: RoiInputs = {
  salesTeamSize: 5,
  avgDealSize: 10000,
  currentConversionRate: 2,
  monthlyLeads: 100,
  costPerLead: 150,
};

/** The business constants of docs/product.md §10.2. */
export const roiConstants = {
  conversionMultiplier: 3,
  leadMultiplier: 2,
  improvedLeadCostShare: 0.5,
  hoursSavedPerRepPerMonth: 20,
  hourlyCost: 50,
  investment: 15000,
} as const;

/** Every quantity the calculator shows; null where a denominator is zero. */
export interface RoiResults {
  improvedConversionRate: number;
  improvedLeads: number;
  currentDeals: number;
  improvedDeals: number;
  currentMonthlyRevenue: number;
  improvedMonthlyRevenue: number;
  monthlyRevenueLift: number;
  annualRevenueLift: number;
  currentCostPerDeal: number | null;
  improvedCostPerDeal: number | null;
  hoursSavedPerMonth: number;
  annualCostSavings: number;
  roiPercent: number;
}

/** Parses an input's text as a number; anything invalid (or not finite) counts as 0. */
export function parseInput(text: string): number {
  if (text.trim() === '') return 0;
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
}

/** a / b, or null when b is zero or the result is not a finite number. */
function divide(a: number, b: number): number | null {
  if (b === 0) return null;
  const q = a / b;
  return Number.isFinite(q) ? q : null;
}

/** Computes every docs/product.md §10.2 quantity from the inputs. */
export function calculateRoi(i: RoiInputs): RoiResults {
  const c = roiConstants;
  const improvedConversionRate = i.currentConversionRate * c.conversionMultiplier;
  const improvedLeads = i.monthlyLeads * c.leadMultiplier;
  const currentDeals = i.monthlyLeads * (i.currentConversionRate / 100);
  const improvedDeals = improvedLeads * (improvedConversionRate / 100);
  const currentMonthlyRevenue = currentDeals * i.avgDealSize;
  const improvedMonthlyRevenue = improvedDeals * i.avgDealSize;
  const monthlyRevenueLift = improvedMonthlyRevenue - currentMonthlyRevenue;
  const annualRevenueLift = monthlyRevenueLift * 12;
  const hoursSavedPerMonth = c.hoursSavedPerRepPerMonth * i.salesTeamSize;
  const annualCostSavings = c.hourlyCost * hoursSavedPerMonth * 12;
  return {
    improvedConversionRate,
    improvedLeads,
    currentDeals,
    improvedDeals,
    currentMonthlyRevenue,
    improvedMonthlyRevenue,
    monthlyRevenueLift,
    annualRevenueLift,
    currentCostPerDeal: divide(i.costPerLead * i.monthlyLeads, currentDeals),
    improvedCostPerDeal: divide(i.costPerLead * c.improvedLeadCostShare * improvedLeads, improvedDeals),
    hoursSavedPerMonth,
    annualCostSavings,
    roiPercent: ((annualRevenueLift + annualCostSavings) / c.investment) * 100,
  };
}

const dash = '—';

const currencyFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A dollar amount, e.g. "$120,000"; a dash for null or a non-finite value. */
export function formatCurrency(v: number | null): string {
  return v === null || !Number.isFinite(v) ? dash : currencyFormat.format(v);
}

/** A percentage given in percent units, e.g. 6 → "6%", 1240 → "1,240%". */
export function formatPercent(v: number | null): string {
  return v === null || !Number.isFinite(v) ? dash : `${numberFormat.format(v)}%`;
}

/** A plain count, e.g. "1,000" or "2.5"; a dash for null or non-finite. */
export function formatNumber(v: number | null): string {
  return v === null || !Number.isFinite(v) ? dash : numberFormat.format(v);
}
