import { z } from 'zod';

/**
 * The ICP as the console's form edits it: list fields as text, one entry a
 * line; the bounds are the API's (docs/api.md "Live lead search": 25
 * entries of 100 characters, select fields 100, knowledge base 5,000).
 */
export const ICP_LIST_FIELDS = [
  ['targetTitles', 'Target titles'],
  ['industries', 'Industries'],
  ['painPoints', 'Pain points'],
  ['techStack', 'Tech stack'],
  ['competitors', 'Competitors'],
  ['exclusions', 'Exclusions'],
  ['budgetIndicators', 'Budget indicators'],
] as const;

export const ICP_TEXT_FIELDS = [
  ['companySize', 'Company size', 'e.g. 11-200'],
  ['revenueRange', 'Revenue range', 'e.g. $10M - $50M ARR'],
  ['fundingStage', 'Funding stage', 'e.g. Series A-B'],
  ['geographic', 'Geography', 'e.g. North America'],
  ['signalThreshold', 'Signal threshold', 'e.g. Medium 60%+ match'],
] as const;

export type IcpListField = (typeof ICP_LIST_FIELDS)[number][0];
export type IcpTextField = (typeof ICP_TEXT_FIELDS)[number][0];

export const MAX_ENTRIES = 25;
export const MAX_ENTRY = 100;
export const MAX_KNOWLEDGE = 5000;

/** The entries of a one-per-line text: trimmed, blank lines dropped. */
export const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const listText = z.string().superRefine((text, ctx) => {
  const entries = lines(text);
  if (entries.length > MAX_ENTRIES) ctx.addIssue({ code: 'custom', message: `At most ${MAX_ENTRIES} entries (one a line).` });
  const long = entries.find((e) => e.length > MAX_ENTRY);
  if (long) ctx.addIssue({ code: 'custom', message: `Each entry at most ${MAX_ENTRY} characters: "${long.slice(0, 30)}…" is longer.` });
});
const selectText = z.string().trim().max(MAX_ENTRY, `At most ${MAX_ENTRY} characters.`);

/**
 * The threshold as the server reads it (score.ValidThreshold): empty, a
 * named level ("High 80%+ match", "Medium…", "All signals…") or a score
 * from 1 to 100, optionally with "%" or "%+".
 */
export function validThreshold(v: string): boolean {
  const t = v.trim().toLowerCase();
  if (t === '' || t.startsWith('high') || t.startsWith('medium') || t.startsWith('all')) return true;
  const m = /^(\d{1,3})\s*%?\+?$/.exec(t);
  return !!m && Number(m[1]) >= 1 && Number(m[1]) <= 100;
}

/** A size or revenue range the fit can read (icp.ValidRange): empty, or figures ("50-200", "1000+", "Under $1M"), low end first. */
export function validRange(v: string): boolean {
  const t = v.trim().toLowerCase();
  if (t === '') return true;
  const nums = [...t.matchAll(/(\d+(?:[.,]\d+)?)\s*(k|m|mm|b|bn|million|billion)?\b/g)].slice(0, 2).map((m) => {
    const n = Number(m[1].replace(/,/g, ''));
    const mult = { k: 1e3, m: 1e6, mm: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9 }[m[2] ?? ''] ?? 1;
    return n * mult;
  });
  if (nums.length === 0) return false;
  return nums.length < 2 || /under|less than|^</.test(t) || nums[0] <= nums[1];
}

const rangeText = selectText.refine(validRange, 'Write the range in figures: "50-200", "1000+", "Under $1M", "$10M - $50M".');
const thresholdText = selectText.refine(
  validThreshold,
  'A score from 1 to 100 ("70", "70%+") or a level: "High 80%+ match", "Medium 60%+ match", "All signals 40%+ match".',
);

export const icpFormSchema = z.object({
  targetTitles: listText,
  industries: listText,
  painPoints: listText,
  techStack: listText,
  competitors: listText,
  exclusions: listText,
  budgetIndicators: listText,
  companySize: rangeText,
  revenueRange: rangeText,
  fundingStage: selectText,
  geographic: selectText,
  signalThreshold: thresholdText,
  knowledgeBase: z.string().max(MAX_KNOWLEDGE, `At most ${MAX_KNOWLEDGE} characters.`),
});
export type IcpFormValues = z.infer<typeof icpFormSchema>;

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const asText = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The form's values for a stored ICP (missing fields empty). */
export function toFormValues(icp: Record<string, unknown> | null | undefined): IcpFormValues {
  const p = icp ?? {};
  const out = { knowledgeBase: asText(p.knowledgeBase) } as IcpFormValues;
  for (const [k] of ICP_LIST_FIELDS) out[k] = asList(p[k]).join('\n');
  for (const [k] of ICP_TEXT_FIELDS) out[k] = asText(p[k]);
  return out;
}

/**
 * The ICP to send (PATCH replaces it whole): every field of the form, and
 * the fields the form does not edit (useAIQueries, the chosen categories) kept
 * from the stored one.
 */
export function toIcp(values: IcpFormValues, stored: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof stored?.useAIQueries === 'boolean') out.useAIQueries = stored.useAIQueries;
  if (Array.isArray(stored?.categories) && stored.categories.length > 0) out.categories = stored.categories;
  for (const [k] of ICP_LIST_FIELDS) out[k] = lines(values[k]);
  for (const [k] of ICP_TEXT_FIELDS) out[k] = values[k].trim();
  out.knowledgeBase = values.knowledgeBase.trim();
  return out;
}
