import { fallbackLeads } from '../content/fallback-leads';
import { defaultIcp } from '../content/icp-options';
import { sampleLeads } from '../content/sample-leads';
import { researchService } from '../api/research-leads';
import { buildIcpPayload } from './icp-payload';
import { readSummary, runLeadSearch, type SearchDeps } from './run-lead-search';

const icp = buildIcpPayload(defaultIcp);
const noSleep = async () => {};

function deps(over: Partial<SearchDeps>): SearchDeps {
  return { research: vi.fn(), check: vi.fn(), process: vi.fn(async () => {}), sleep: noSleep, ...over };
}

describe('runLeadSearch', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it('polls websets, reports progress and processes the polled leads', async () => {
    const progress: string[] = [];
    const d = deps({
      research: async () => ({ websets: ['a', 'b'], leads: [] }),
      check: async () => ({ status: 'complete', leads: sampleLeads.slice(0, 2) }),
    });
    const out = await runLeadSearch(icp, d, (t) => progress.push(t));
    expect(out).toEqual({ leads: sampleLeads.slice(0, 2), fallback: false });
    expect(progress).toEqual(['Initializing search...', 'Creating search queries...', 'Processing 2 searches...', '']);
    expect(d.process).toHaveBeenCalledWith(sampleLeads.slice(0, 2));
  });

  it('keeps the newest post time of the last status answer that names one', async () => {
    const answers = [
      { status: 'running', leads: [], newestPostAt: '2026-11-20T10:00:00Z' },
      { status: 'complete', leads: sampleLeads.slice(0, 1) },
    ];
    const d = deps({ research: async () => ({ websets: ['a'], leads: [] }), check: async () => answers.shift()! });
    const out = await runLeadSearch(icp, d, () => {});
    expect(out.newestPostAt).toBe('2026-11-20T10:00:00Z');
    const direct = deps({ research: async () => ({ websets: [], leads: [], newestPostAt: '2026-11-21T00:00:00Z' }) });
    expect((await runLeadSearch(icp, direct, () => {})).newestPostAt).toBe('2026-11-21T00:00:00Z');
  });

  it("keeps the server's count of what the search read and left out", async () => {
    const note =
      "read 1200 posts: 402 with no live buying signal, 786 not about the ICP's topic, 0 too old (LEAD_MAX_AGE), 0 excluded, 12 below the signal threshold; 0 leads";
    const answers = [
      { status: 'running', leads: [], notes: [] },
      { status: 'complete', leads: [], notes: ['useAIQueries: no model is configured (LLM_BASE_URL); rule-based queries used', note] },
    ];
    const d = deps({ research: async () => ({ websets: ['a'], leads: [] }), check: async () => answers.shift()! });
    const out = await runLeadSearch(icp, d, () => {});
    expect(out.leads).toEqual([]);
    expect(out.readSummary).toBe('R' + note.slice(1));
    expect(readSummary(['something else'])).toBeUndefined();
  });

  it('uses leads answered directly without polling', async () => {
    const d = deps({ research: async () => ({ websets: [], leads: [sampleLeads[0]!] }) });
    await expect(runLeadSearch(icp, d, () => {})).resolves.toEqual({ leads: [sampleLeads[0]], fallback: false });
    expect(d.check).not.toHaveBeenCalled();
  });

  it('an answer with neither is an empty result', async () => {
    const d = deps({ research: async () => ({ websets: [], leads: [] }) });
    await expect(runLeadSearch(icp, d, () => {})).resolves.toEqual({ leads: [], fallback: false });
  });

  it('any failure gives the two fallback leads', async () => {
    const d = deps({ research: async () => Promise.reject(new Error('boom')) });
    const out = await runLeadSearch(icp, d, () => {});
    expect(out).toEqual({ leads: fallbackLeads, fallback: true });
    expect(fallbackLeads.map((l) => [l.title, l.intentScore, l.status])).toEqual([
      ['VP Engineering', 97, 'Ready to Buy'],
      ['CTO', 94, 'Ready to Buy'],
    ]);
  });

  it('an unconfigured service fails with the spec text', () => {
    expect(() => researchService({ basePath: '', demoKey: 'k' })).toThrow('Research service not properly configured');
    expect(() => researchService({ basePath: '/api', demoKey: '' })).toThrow('Research service not properly configured');
  });
});
