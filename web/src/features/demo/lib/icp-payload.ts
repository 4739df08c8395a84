import type { IcpForm, IcpPayload } from '../types';

/** Splits a comma-separated field and trims each part; empty parts are dropped. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The ICP object the research call expects (docs/product.md §4.4, §13.5): comma fields become arrays. */
export function buildIcpPayload(form: IcpForm): IcpPayload {
  return {
    targetTitles: splitList(form.targetTitles),
    companySize: form.companySize,
    revenueRange: form.revenueRange,
    fundingStage: form.fundingStage,
    geographic: form.geographic,
    techStack: splitList(form.techStack),
    painPoints: splitList(form.painPoints),
    competitors: splitList(form.competitors),
    industries: splitList(form.industries),
    exclusions: splitList(form.exclusions),
    signalThreshold: form.signalThreshold,
    budgetIndicators: splitList(form.budgetIndicators),
    useAIQueries: form.useAIQueries,
    knowledgeBase: form.knowledgeBase,
  };
}

/** A one-line description of the ICP for the result-processing call. */
export function describeIcp(icp: IcpPayload): string {
  const parts = [
    icp.targetTitles.length ? `Titles: ${icp.targetTitles.join(', ')}` : '',
    `Company size: ${icp.companySize}`,
    `Revenue: ${icp.revenueRange}`,
    `Funding: ${icp.fundingStage}`,
    icp.geographic ? `Region: ${icp.geographic}` : '',
    icp.industries.length ? `Industries: ${icp.industries.join(', ')}` : '',
    icp.painPoints.length ? `Pain points: ${icp.painPoints.join(', ')}` : '',
  ];
  return parts.filter(Boolean).join('; ');
}
