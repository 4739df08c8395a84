import { describe, expect, it } from 'vitest';
import { calculateRoi, defaultInputs, formatCurrency, formatNumber, formatPercent, parseInput } from './roi';

describe('calculateRoi', () => {
  it('computes every quantity for the defaults (5, 10000, 2%, 100, 150)', () => {
    const r = calculateRoi(defaultInputs);
    expect(r.improvedConversionRate).toBeCloseTo(6); // 2 × 3
    expect(r.improvedLeads).toBe(200); // 100 × 2
    expect(r.currentDeals).toBeCloseTo(2); // 100 × 2%
    expect(r.improvedDeals).toBeCloseTo(12); // 200 × 6%
    expect(r.currentMonthlyRevenue).toBeCloseTo(20_000); // 2 × 10000
    expect(r.improvedMonthlyRevenue).toBeCloseTo(120_000); // 12 × 10000
    expect(r.monthlyRevenueLift).toBeCloseTo(100_000);
    expect(r.annualRevenueLift).toBeCloseTo(1_200_000);
    expect(r.currentCostPerDeal).toBeCloseTo(7_500); // 150 × 100 / 2
    expect(r.improvedCostPerDeal).toBeCloseTo(1_250); // 75 × 200 / 12
    expect(r.hoursSavedPerMonth).toBe(100); // 20 × 5
    expect(r.annualCostSavings).toBe(60_000); // 50 × 100 × 12
    expect(r.roiPercent).toBeCloseTo(8_400); // (1,200,000 + 60,000) / 15000 × 100
  });

  it('computes every quantity for another case (3, 5000, 1.5%, 40, 80)', () => {
    const r = calculateRoi({ salesTeamSize: 3, avgDealSize: 5000, currentConversionRate: 1.5, monthlyLeads: 40, costPerLead: 80 });
    expect(r.improvedConversionRate).toBeCloseTo(4.5);
    expect(r.improvedLeads).toBe(80);
    expect(r.currentDeals).toBeCloseTo(0.6);
    expect(r.improvedDeals).toBeCloseTo(3.6);
    expect(r.currentMonthlyRevenue).toBeCloseTo(3_000);
    expect(r.improvedMonthlyRevenue).toBeCloseTo(18_000);
    expect(r.monthlyRevenueLift).toBeCloseTo(15_000);
    expect(r.annualRevenueLift).toBeCloseTo(180_000);
    expect(r.currentCostPerDeal).toBeCloseTo(5_333.333, 2); // 3200 / 0.6
    expect(r.improvedCostPerDeal).toBeCloseTo(888.889, 2); // 40 × 80 / 3.6
    expect(r.hoursSavedPerMonth).toBe(60);
    expect(r.annualCostSavings).toBe(36_000);
    expect(r.roiPercent).toBeCloseTo(1_440); // (180,000 + 36,000) / 15000 × 100
  });

  it('gives null cost per deal (a dash) when the conversion rate or leads are zero, never NaN or Infinity', () => {
    for (const zero of [{ currentConversionRate: 0 }, { monthlyLeads: 0 }]) {
      const r = calculateRoi({ ...defaultInputs, ...zero });
      expect(r.currentCostPerDeal).toBeNull();
      expect(r.improvedCostPerDeal).toBeNull();
      for (const v of Object.values(r)) if (v !== null) expect(Number.isFinite(v)).toBe(true);
    }
  });

  it('is all zeros and dashes for all-zero inputs', () => {
    const r = calculateRoi({ salesTeamSize: 0, avgDealSize: 0, currentConversionRate: 0, monthlyLeads: 0, costPerLead: 0 });
    expect(r.annualRevenueLift).toBe(0);
    expect(r.annualCostSavings).toBe(0);
    expect(r.roiPercent).toBe(0);
    expect(formatCurrency(r.currentCostPerDeal)).toBe('—');
  });
});

describe('parseInput', () => {
  it('reads numbers and turns anything invalid into 0', () => {
    expect(parseInput('12.5')).toBe(12.5);
    expect(parseInput(' 7 ')).toBe(7);
    expect(parseInput('')).toBe(0);
    expect(parseInput('abc')).toBe(0);
    expect(parseInput('1e400')).toBe(0);
    expect(parseInput('NaN')).toBe(0);
  });
});

describe('formatting', () => {
  it('formats currency, percent and counts in en-US', () => {
    expect(formatCurrency(1_200_000)).toBe('$1,200,000');
    expect(formatCurrency(5_333.333)).toBe('$5,333');
    expect(formatPercent(8_400)).toBe('8,400%');
    expect(formatPercent(4.5)).toBe('4.5%');
    expect(formatNumber(0.6)).toBe('0.6');
    expect(formatCurrency(null)).toBe('—');
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe('—');
    expect(formatNumber(Number.NaN)).toBe('—');
  });
});
