import type { Lead } from '../types';

/** Where the Premium Leads list comes from (docs/product.md §4.6). */
export type LeadSource =
  | { kind: 'loading' }
  | { kind: 'live'; leads: readonly Lead[]; fallback: boolean }
  | { kind: 'empty' }
  | { kind: 'stored'; leads: readonly Lead[] }
  | { kind: 'samples'; leads: readonly Lead[] };

export interface LeadSourceInput {
  search: { searching: boolean; done: boolean; leads: readonly Lead[]; fallback: boolean };
  /** Stored hot and warm leads; null while they load (a visitor gets [] after the 401). */
  stored: readonly Lead[] | null;
  samples: readonly Lead[];
}

/**
 * Live results if a search finished non-empty; a finished empty search shows
 * the empty text; otherwise stored leads if any exist; otherwise the samples.
 * Loading (a search running, or stored leads not yet answered) shows placeholders.
 */
export function chooseLeadSource({ search, stored, samples }: LeadSourceInput): LeadSource {
  if (search.searching) return { kind: 'loading' };
  if (search.done) {
    return search.leads.length > 0 ? { kind: 'live', leads: search.leads, fallback: search.fallback } : { kind: 'empty' };
  }
  if (stored === null) return { kind: 'loading' };
  if (stored.length > 0) return { kind: 'stored', leads: stored };
  return { kind: 'samples', leads: samples };
}
