import { apiRequest } from '@/lib/admin/api-client';
import { mayHaveSession } from '@/lib/admin/session-hint';
import type { Lead } from '../types';

/** One search result as the scoring payload carries it (docs/product.md §4.10). */
export interface WebsetResult {
  title: string;
  url: string;
  snippet: string;
  text: string;
  publishedDate: string;
  score: number;
  author: string;
}

/** The scoring payload's results, built from the polled leads. */
export function toWebsetResults(leads: readonly Lead[], now = new Date()): WebsetResult[] {
  return leads.map((l) => ({
    title: [l.name, l.title && `${l.title} at ${l.company}`].filter(Boolean).join(', '),
    url: l.url || l.linkedin,
    snippet: l.signal,
    text: l.fullContext || l.signal,
    publishedDate: now.toISOString(),
    score: l.intentScore / 100,
    author: l.name,
  }));
}

/**
 * Hands polled results to the result-processing call (docs/product.md §13.7). Only an
 * admin session stores them: visitors skip the call; any failure is logged.
 */
export async function processResults(leads: readonly Lead[], icpDescription: string): Promise<void> {
  if (!mayHaveSession()) return; // demo mode: the database save is skipped (docs/product.md §13.6)
  try {
    await apiRequest('/api/admin/engine/process-search-results', {
      method: 'POST',
      body: { websetResults: toWebsetResults(leads), searchQuery: 'Live lead search', icpDescription },
    });
  } catch (err) {
    console.info('Search results not stored', err);
  }
}
