import { normalizeLeads } from '../lib/normalize-lead';
import type { WebsetStatus } from '../lib/poll-websets';
import { postJson } from './error-message';
import { researchService } from './research-leads';

/** POST {base}/check-webset-status (docs/product.md §4.7, §13.5). */
export async function checkWebsetStatus(websetIds: string[]): Promise<WebsetStatus> {
  const { base, headers } = researchService();
  const body = (await postJson(
    `${base}/check-webset-status`,
    { websetIds },
    headers,
    'Network error occurred while checking webset status',
  )) as {
    status?: unknown;
    leads?: unknown;
    newestPostAt?: unknown;
    notes?: unknown;
  };
  const newestPostAt = typeof body?.newestPostAt === 'string' && body.newestPostAt ? body.newestPostAt : undefined;
  const notes = Array.isArray(body?.notes) ? body.notes.filter((n): n is string => typeof n === 'string') : undefined;
  return { status: typeof body?.status === 'string' ? body.status : 'running', leads: normalizeLeads(body?.leads), newestPostAt, notes };
}
