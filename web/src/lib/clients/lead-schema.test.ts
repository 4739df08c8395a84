import { describe, expect, it } from 'vitest';
import { leadQuery } from './lead-schema';

describe('leadQuery', () => {
  it('sends only the filters that are set, then the cursor and limit', () => {
    expect(leadQuery({})).toBe('');
    expect(leadQuery({ state: '', tier: 'hot' })).toBe('?tier=hot');
    expect(leadQuery({ state: 'new' }, 'c/1+', 50)).toBe('?state=new&cursor=c%2F1%2B&limit=50');
  });
});
