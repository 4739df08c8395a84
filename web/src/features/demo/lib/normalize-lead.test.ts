import { describe, expect, it } from 'vitest';
import scoring from '@/config/generated/scoring.json';
import { normalizeLead } from './normalize-lead';

describe('normalizeLead tiers', () => {
  it('names tiers and statuses by the engine bands when the lead has neither', () => {
    expect(normalizeLead({ intentScore: 80 }, 0)).toMatchObject({ intentTier: 'hot', status: 'Ready to Buy' });
    expect(normalizeLead({ intentScore: 79 }, 0)).toMatchObject({ intentTier: 'warm', status: 'Hot' });
    expect(normalizeLead({ intentScore: 60 }, 0)).toMatchObject({ intentTier: 'warm', status: 'Hot' });
    expect(normalizeLead({ intentScore: 59 }, 0)).toMatchObject({ intentTier: 'other', status: 'Warm' });
    expect(normalizeLead({ intentScore: 10 }, 0)).toMatchObject({ intentTier: 'other', status: 'Warm' });
  });

  it('keeps a tier or status the server sent and derives the other', () => {
    expect(normalizeLead({ intentScore: 10, status: 'Ready to Buy' }, 0)).toMatchObject({ intentTier: 'hot', status: 'Ready to Buy' });
    expect(normalizeLead({ intentScore: 90, intentTier: 'other' }, 0)).toMatchObject({ intentTier: 'other', status: 'Warm' });
    expect(normalizeLead({ intentScore: 90, status: 'Bogus' }, 0)).toMatchObject({ intentTier: 'hot', status: 'Ready to Buy' });
  });

  it('never lets status and intentTier disagree: the tier wins', () => {
    expect(normalizeLead({ intentScore: 70, intentTier: 'warm', status: 'Ready to Buy' }, 0)).toMatchObject({
      intentTier: 'warm',
      status: 'Hot',
    });
    expect(normalizeLead({ intentScore: 90, intentTier: 'hot', status: 'Warm' }, 0)).toMatchObject({
      intentTier: 'hot',
      status: 'Ready to Buy',
    });
  });

  it('reads every band from the generated JSON', () => {
    for (const b of scoring.tiers) {
      expect(normalizeLead({ intentScore: b.minScore }, 0)).toMatchObject({ intentTier: b.tier, status: b.status });
    }
  });
});

describe('normalizeLead speaker', () => {
  it('says who wrote the post and where the move stands', () => {
    const lead = normalizeLead({ detection: { speaker: { role: 'buyer', roleProb: 0.9, stage: 'live', stageProb: 0.8 } } }, 0);
    expect(lead.speaker).toBe('written by a buyer, move live');
    // A vendor's recruiter is a vendor's only for some categories: the lead says recruiter.
    expect(normalizeLead({ detection: { speaker: { role: 'vendor_recruiter', stage: 'none' } } }, 0).speaker).toBe(
      'written by a recruiter',
    );
    expect(normalizeLead({ detection: { speaker: { role: 'other', stage: 'finished' } } }, 0).speaker).toBe(
      'written by someone else, move finished',
    );
    expect(normalizeLead({ detection: {} }, 0).speaker).toBeUndefined();
  });
});
