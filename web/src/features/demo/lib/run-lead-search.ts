import { limits } from '../config';
import { fallbackLeads } from '../content/fallback-leads';
import type { IcpPayload, Lead } from '../types';
import type { ResearchAnswer } from '../api/research-leads';
import { pollWebsets, type WebsetStatus } from './poll-websets';

export interface SearchDeps {
  research: (icp: IcpPayload) => Promise<ResearchAnswer>;
  check: (ids: string[]) => Promise<WebsetStatus>;
  process: (leads: readonly Lead[]) => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
}

export interface SearchOutcome {
  leads: readonly Lead[];
  /** True when the search failed and the two sample leads stand in. */
  fallback: boolean;
  /** When the newest post the search read was published (ISO 8601), if the server said. */
  newestPostAt?: string;
  /** Why a search found what it found, as the server counted it ("read 1200 posts: 786 not about the ICP's topic, …"). */
  readSummary?: string;
}

/** The server note that counts what a search read and why posts were left out (docs/api.md, notes). */
export function readSummary(notes: readonly string[] | undefined): string | undefined {
  const note = notes?.find((n) => /^read \d+ posts?:/.test(n));
  return note ? note.charAt(0).toUpperCase() + note.slice(1) : undefined;
}

/**
 * The live search of docs/product.md §4.7: research, then poll the websets or use the
 * leads at once; polled leads go to result processing. Any failure yields the
 * two fallback leads. Never throws.
 */
export async function runLeadSearch(icp: IcpPayload, deps: SearchDeps, progress: (text: string) => void): Promise<SearchOutcome> {
  let newestPostAt: string | undefined;
  let summary: string | undefined;
  // The last status answer that names the newest post read (or counts what was read) wins.
  const check = async (ids: string[]) => {
    const res = await deps.check(ids);
    if (res.newestPostAt) newestPostAt = res.newestPostAt;
    summary = readSummary(res.notes) ?? summary;
    return res;
  };
  try {
    progress('Initializing search...');
    progress('Creating search queries...');
    const answer = await deps.research(icp);
    if (answer.websets.length > 0) {
      progress(`Processing ${answer.websets.length} searches...`);
      const leads = await pollWebsets(answer.websets, {
        check,
        attempts: limits.pollAttempts,
        intervalMs: limits.pollIntervalMs,
        sleep: deps.sleep,
        onError: (err, attempt) => console.error(`Webset status check failed (attempt ${attempt})`, err),
      });
      if (leads.length > 0) await deps.process(leads);
      return { leads, fallback: false, newestPostAt, readSummary: summary };
    }
    return { leads: answer.leads, fallback: false, newestPostAt: answer.newestPostAt };
  } catch (err) {
    console.error('Live lead search failed', err);
    return { leads: fallbackLeads, fallback: true };
  } finally {
    progress('');
  }
}
