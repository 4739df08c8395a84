import { describe, expect, it } from 'vitest';
import { runSchema } from './agent-schema';

describe('runSchema', () => {
  const run = { id: 'r1', postsRead: 3, leadsAdded: 1, error: '', startedAt: '2026-12-06T06:00:00Z', finishedAt: null };
  it('takes a run waiting for its retry after its instance stopped (interrupted)', () => {
    const r = runSchema.parse({ ...run, status: 'interrupted', attempt: 1, interruptedAt: '2026-12-06T06:00:20Z' });
    expect(r.status).toBe('interrupted');
    expect(r.interruptedAt).toBe('2026-12-06T06:00:20Z');
  });
  it('still refuses a status it does not know', () => {
    expect(() => runSchema.parse({ ...run, status: 'exploded' })).toThrow();
  });
});
