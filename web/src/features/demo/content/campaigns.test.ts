import { campaignTemplates } from './campaigns';
import campaigns from './campaigns.json';

describe('campaignTemplates', () => {
  it('are the engine templates, ten, each with a card colour the demo draws', () => {
    expect(campaignTemplates.map((c) => [c.title, c.responseRate])).toEqual([
      ['Competitor Engagement', '73%'],
      ['New Role Alert', '81%'],
      ['Fresh Funding', '84%'],
      ['Hiring Spree', '76%'],
      ['Event Registration', '78%'],
      ['Content Consumption', '71%'],
      ['Profile Stalking', '69%'],
      ['Internal Engagement', '85%'],
      ['Tool Migration', '82%'],
      ['Pain Point Posts', '79%'],
    ]);
    // No colour fell back: the engine's colours are the demo's palette.
    expect(campaignTemplates.map((c) => c.color)).toEqual(campaigns.map((c) => c.color));
    expect(new Set(campaignTemplates.map((c) => c.id)).size).toBe(10);
  });

  it('show slots in brackets, never the engine template syntax', () => {
    for (const c of campaignTemplates) {
      expect(c.subject + c.template).not.toMatch(/[{}]/);
      expect(c.template).toContain('[name]');
    }
  });
});
