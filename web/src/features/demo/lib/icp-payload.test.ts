import { defaultIcp } from '../content/icp-options';
import { buildIcpPayload, splitList } from './icp-payload';

describe('buildIcpPayload', () => {
  it('splits the comma fields and trims each part', () => {
    const p = buildIcpPayload({ ...defaultIcp, targetTitles: ' CTO ,  VP Sales,,', techStack: 'Go, React', exclusions: '' });
    expect(p.targetTitles).toEqual(['CTO', 'VP Sales']);
    expect(p.techStack).toEqual(['Go', 'React']);
    expect(p.exclusions).toEqual([]);
  });

  it('keeps the selects, region, flag and knowledge base as given', () => {
    const p = buildIcpPayload({ ...defaultIcp, geographic: 'EMEA', useAIQueries: false, knowledgeBase: 'We sell X' });
    expect(p).toMatchObject({
      companySize: '50-200',
      revenueRange: '$1M - $10M ARR',
      fundingStage: 'Series A-B',
      signalThreshold: 'Medium 60%+ match',
      geographic: 'EMEA',
      useAIQueries: false,
      knowledgeBase: 'We sell X',
    });
    for (const k of ['targetTitles', 'techStack', 'painPoints', 'competitors', 'industries', 'exclusions', 'budgetIndicators'] as const) {
      expect(Array.isArray(p[k])).toBe(true);
    }
  });

  it('splitList ignores blank entries', () => expect(splitList(' , a ,b ')).toEqual(['a', 'b']));
});
