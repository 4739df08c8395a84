import { afterEach, describe, expect, it, vi } from 'vitest';
import { processResults } from './process-results';
import { getHotAndWarmLeads, getRecentSignalCount } from './stored-data';
import { sampleLeads } from '../content/sample-leads';

describe('stored data for visitors and admins', () => {
  afterEach(() => {
    document.cookie = 'sp_admin=; max-age=0';
    vi.unstubAllGlobals();
  });

  it('a visitor (no session hint) makes no admin call at all', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await getHotAndWarmLeads()).toEqual([]);
    expect(await getRecentSignalCount()).toBe(0);
    await processResults(sampleLeads, 'ICP');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an admin hands polled results to process-search-results with the post URL', async () => {
    document.cookie = 'sp_admin=1';
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await processResults([{ ...sampleLeads[0], url: 'https://news.example/post/1' }], 'ICP');
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/admin/engine/process-search-results');
    const body = JSON.parse(String(init.body));
    expect(body.searchQuery).toBe('Live lead search');
    expect(body.websetResults[0].url).toBe('https://news.example/post/1');
  });
});
