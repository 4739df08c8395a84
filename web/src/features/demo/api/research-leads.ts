import { csrfHeaders } from '@/lib/admin/api-client';
import { researchConfig } from '../config';
import { normalizeLeads } from '../lib/normalize-lead';
import type { IcpPayload, Lead } from '../types';
import { postJson } from './error-message';

/** What the research call answers: search ids to poll and/or leads to use at once. */
export interface ResearchAnswer {
  websets: string[];
  leads: Lead[];
  /** When the newest post the search read was published (ISO 8601), if the server says. */
  newestPostAt?: string;
}

/** The service's address and key, or the "not configured" error (docs/product.md §4.7). */
export function researchService(config: { basePath: string; demoKey: string } = researchConfig) {
  if (!config.basePath || !config.demoKey) throw new Error('Research service not properly configured');
  return { base: config.basePath.replace(/\/+$/, ''), headers: { 'X-Demo-Key': config.demoKey } };
}

/** POST {base}/research-leads with the ICP (docs/product.md §13.5). */
export async function researchLeads(icp: IcpPayload): Promise<ResearchAnswer> {
  const { base, headers } = researchService();
  // An admin's CSRF token (when known) lets the server store the search under their name.
  const body = (await postJson(
    `${base}/research-leads`,
    icp,
    { ...headers, ...csrfHeaders() },
    'Network error occurred while researching leads',
  )) as {
    websets?: unknown;
    leads?: unknown;
    newestPostAt?: unknown;
  };
  const newestPostAt = typeof body?.newestPostAt === 'string' && body.newestPostAt ? body.newestPostAt : undefined;
  const websets = Array.isArray(body?.websets) ? body.websets.filter((id): id is string => typeof id === 'string') : [];
  return { websets, leads: normalizeLeads(body?.leads), newestPostAt };
}
