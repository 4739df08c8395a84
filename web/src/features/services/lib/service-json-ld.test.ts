import { aiSignalDetection } from '../content/ai-signal-detection';
import { communityMonitoring } from '../content/community-monitoring';
import { leadEnrichment } from '../content/lead-enrichment';
import { salesIntelligence } from '../content/sales-intelligence';
import { serviceJsonLd } from './service-json-ld';

const all = [aiSignalDetection, leadEnrichment, salesIntelligence, communityMonitoring];

describe('serviceJsonLd', () => {
  it('describes each page as a schema.org Service with absolute URLs', () => {
    for (const content of all) {
      const data = serviceJsonLd(content, 'https://signalpipe.example');
      expect(data['@type']).toBe('Service');
      expect(data.url).toBe(`https://signalpipe.example${content.path}`);
      expect(data.provider['@id']).toBe('https://signalpipe.example/#organization');
      expect(data.name).toBe(content.name);
      expect(() => JSON.parse(JSON.stringify(data))).not.toThrow();
    }
  });

  it('gives every service page distinct paths, keywords and FAQs', () => {
    expect(new Set(all.map((c) => c.path)).size).toBe(4);
    for (const c of all) {
      expect(c.keywords.length).toBeGreaterThanOrEqual(5);
      expect(c.faqs.length).toBeGreaterThanOrEqual(5);
      expect(c.features.items).toHaveLength(6);
      expect(c.hero.stats).toHaveLength(4);
    }
  });
});
