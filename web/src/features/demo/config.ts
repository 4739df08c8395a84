/**
 * Where the live lead search lives (docs/product.md §4.7: the research service needs a
 * base path and a demo key). Build-time constants, kept in one place so a
 * deployment can change them; either one empty means "not configured".
 */
export const researchConfig = {
  basePath: '/api',
  demoKey: 'signalpipe-demo',
} as const;

/** The polling and list limits (docs/product.md §4.7, §13.7). */
export const limits = {
  pollAttempts: 30,
  pollIntervalMs: 2000,
  hotLeads: 10,
  warmLeads: 5,
  signals: 50,
  recentJobs: 5,
  placeholderRows: 3,
  chatReplyDelayMs: 1500,
} as const;
