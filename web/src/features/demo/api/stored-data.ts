import { apiRequest, isUnauthorized } from '@/lib/admin/api-client';
import { mayHaveSession } from '@/lib/admin/session-hint';
import { limits } from '../config';
import { normalizeLeads } from '../lib/normalize-lead';
import type { Lead } from '../types';

// The engine's list endpoints answer either a bare array or {leads}/{signals}/{items}.
// Checked by hand rather than with zod: zod would triple the demo's JavaScript.
function listOf(body: unknown, key: string): unknown[] {
  if (Array.isArray(body)) return body;
  if (typeof body !== 'object' || body === null) return [];
  const record = body as Record<string, unknown>;
  const v = record[key] ?? record.items;
  return Array.isArray(v) ? v : [];
}

/** GETs an admin list endpoint (session cookie); the body is read as JSON. */
function getList(path: string, key: string): Promise<unknown[]> {
  return apiRequest(path, { schema: { parse: (body: unknown) => listOf(body, key) } });
}

/** A visitor or a 401 (no admin session) means "no stored data" (docs/product.md §14.3); other failures too, logged. */
async function orEmpty<T>(load: () => Promise<T[]>, what: string): Promise<T[]> {
  if (!mayHaveSession()) return []; // a visitor: no call, no 401
  try {
    return await load();
  } catch (err) {
    if (!isUnauthorized(err)) console.error(`Could not load stored ${what}`, err);
    return [];
  }
}

/** Stored leads of one tier (hot limit 10, warm limit 5). */
export function getStoredLeads(tier: 'hot' | 'warm', limit: number): Promise<Lead[]> {
  return orEmpty(
    async () => normalizeLeads(await getList(`/api/admin/engine/leads?tier=${tier}&limit=${limit}`, 'leads')),
    `${tier} leads`,
  );
}

/** Stored hot then warm leads, as the leads list shows them. */
export async function getHotAndWarmLeads(): Promise<Lead[]> {
  const [hot, warm] = await Promise.all([getStoredLeads('hot', limits.hotLeads), getStoredLeads('warm', limits.warmLeads)]);
  return [...hot, ...warm];
}

/** How many recent stored signals exist (limit 50); 0 for visitors. */
export async function getRecentSignalCount(): Promise<number> {
  const list = await orEmpty(() => getList(`/api/admin/engine/signals?limit=${limits.signals}`, 'signals'), 'signals');
  return list.length;
}
