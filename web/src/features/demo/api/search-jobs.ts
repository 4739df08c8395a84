import { apiRequest } from '@/lib/admin/api-client';
import { limits } from '../config';

/** A stored search job as the admin data calls answer it (docs/product.md §13.7). */
export interface SearchJob {
  id: string;
  status: string;
  queries: string[];
  sources: Record<string, string>;
  leadCount: number;
  createdAt: string;
  finishedAt: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function toJob(value: unknown): SearchJob | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  if (!text(raw.id)) return null;
  const sources = typeof raw.sources === 'object' && raw.sources !== null ? (raw.sources as Record<string, unknown>) : {};
  return {
    id: text(raw.id),
    status: text(raw.status) || 'running',
    queries: Array.isArray(raw.queries) ? raw.queries.filter((q): q is string => typeof q === 'string') : [],
    sources: Object.fromEntries(Object.entries(sources).filter((e): e is [string, string] => typeof e[1] === 'string')),
    leadCount: Number.isFinite(Number(raw.leadCount)) ? Number(raw.leadCount) : 0,
    createdAt: text(raw.createdAt),
    finishedAt: text(raw.finishedAt) || null,
  };
}

/** Reads a jobs answer: a bare list or {jobs}/{items}. */
export function parseJobs(body: unknown): SearchJob[] {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const list = Array.isArray(body) ? body : (record.jobs ?? record.items);
  return Array.isArray(list) ? list.map(toJob).filter((j): j is SearchJob => j !== null) : [];
}

/** The admin's active searches, then the recent ones (limit 5), without repeats. */
export async function getSearchJobs(): Promise<SearchJob[]> {
  const schema = { parse: parseJobs };
  const [active, recent] = await Promise.all([
    apiRequest('/api/admin/engine/jobs/active', { schema }),
    apiRequest(`/api/admin/engine/jobs/recent?limit=${limits.recentJobs}`, { schema }),
  ]);
  const seen = new Set(active.map((j) => j.id));
  return [...active, ...recent.filter((j) => !seen.has(j.id))];
}
