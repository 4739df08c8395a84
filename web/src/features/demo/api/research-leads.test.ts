import { researchLeads } from './research-leads';
import { checkWebsetStatus } from './check-webset-status';
import { buildIcpPayload } from '../lib/icp-payload';
import { defaultIcp } from '../content/icp-options';

const icp = buildIcpPayload(defaultIcp);

describe('research calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the ICP with the demo key and normalizes leads', async () => {
    const fetch = vi.fn(async () =>
      Response.json({
        websets: ['w1'],
        leads: [{ _id: 'x', fullName: 'Ana', linkedinUrl: 'https://l', intentScore: 85, intentTier: 'hot' }],
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const out = await researchLeads(icp);
    expect(out.websets).toEqual(['w1']);
    expect(out.leads[0]).toMatchObject({ id: 'x', name: 'Ana', linkedin: 'https://l', status: 'Ready to Buy' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/research-leads');
    expect(init.headers).toMatchObject({ 'X-Demo-Key': 'signalpipe-demo', 'Content-Type': 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual(icp);
  });

  it('throws the server error field, else HTTP status text, else the network text', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"error":"boom"}', { status: 500 }));
    await expect(researchLeads(icp)).rejects.toThrow('boom');
    vi.stubGlobal('fetch', async () => new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    await expect(researchLeads(icp)).rejects.toThrow('HTTP 502: Bad Gateway');
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(researchLeads(icp)).rejects.toThrow('Network error occurred while researching leads');
    await expect(checkWebsetStatus(['w'])).rejects.toThrow('Network error occurred while checking webset status');
  });
});
