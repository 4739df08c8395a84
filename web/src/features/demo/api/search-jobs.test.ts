import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSearchJobs, parseJobs } from './search-jobs';

const job = (id: string, status = 'complete') => ({
  id,
  status,
  owner: 'op@x.io',
  queries: ['hiring sdr'],
  sources: { index: 'complete', hackernews: 'failed' },
  leadCount: 7,
  createdAt: '2026-11-22T10:00:00Z',
});

describe('search jobs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads {jobs}, a bare list, and drops malformed entries', () => {
    expect(parseJobs({ jobs: [job('a'), { nope: 1 }, null] })).toEqual([
      {
        id: 'a',
        status: 'complete',
        queries: ['hiring sdr'],
        sources: { index: 'complete', hackernews: 'failed' },
        leadCount: 7,
        createdAt: '2026-11-22T10:00:00Z',
        finishedAt: null,
      },
    ]);
    expect(parseJobs([job('b')]).map((j) => j.id)).toEqual(['b']);
    expect(parseJobs('oops')).toEqual([]);
  });

  it('lists active searches first, then the recent five without repeats', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const body = url.includes('/active') ? { jobs: [job('r1', 'running')] } : { jobs: [job('r1', 'running'), job('c1')] };
      return new Response(JSON.stringify(body), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    expect((await getSearchJobs()).map((j) => j.id)).toEqual(['r1', 'c1']);
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/engine/jobs/recent?limit=5', expect.anything());
  });
});
