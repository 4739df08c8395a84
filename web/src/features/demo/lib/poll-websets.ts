import type { Lead } from '../types';

/** One answer of the status check. */
export interface WebsetStatus {
  status: string;
  leads: Lead[];
  /** When the newest post the search read was published (ISO 8601), if the server says. */
  newestPostAt?: string;
  /** The server's notes on the finished searches (what was read and why posts were left out). */
  notes?: string[];
}

export interface PollOptions {
  check: (websetIds: string[]) => Promise<WebsetStatus>;
  attempts: number;
  intervalMs: number;
  /** Waits between attempts (injectable for tests). */
  sleep?: (ms: number) => Promise<void>;
  onError?: (err: unknown, attempt: number) => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls the status check (docs/product.md §4.7): up to `attempts` checks, `intervalMs`
 * apart. Returns the last non-empty leads once the status is complete or the
 * attempts run out; an error is reported and counts as an attempt.
 */
export async function pollWebsets(websetIds: string[], opts: PollOptions): Promise<Lead[]> {
  const sleep = opts.sleep ?? wait;
  let last: Lead[] = [];
  for (let attempt = 1; attempt <= opts.attempts; attempt++) {
    try {
      const res = await opts.check(websetIds);
      if (res.leads.length > 0) last = res.leads;
      if (res.status === 'complete') return last;
    } catch (err) {
      opts.onError?.(err, attempt);
    }
    if (attempt < opts.attempts) await sleep(opts.intervalMs);
  }
  return last;
}
