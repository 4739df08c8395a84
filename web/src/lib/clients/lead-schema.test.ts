import { describe, expect, it } from 'vitest';
import { inboxPageQuery, leadQuery } from './lead-schema';

describe('leadQuery', () => {
  it('sends only the filters that are set, then the cursor and limit', () => {
    expect(leadQuery({})).toBe('');
    expect(leadQuery({ state: '', tier: 'hot' })).toBe('?tier=hot');
    expect(leadQuery({ state: 'new' }, 'c/1+', 50)).toBe('?state=new&cursor=c%2F1%2B&limit=50');
  });
});

describe('inboxPageQuery', () => {
  // Issue 31 item 7: the inboxes list best first unless newest first is chosen.
  it('asks for best first by default and keeps a chosen order', () => {
    expect(inboxPageQuery({}, '')).toBe('?sort=score');
    expect(inboxPageQuery({ tier: 'hot' }, 'c1')).toBe('?tier=hot&sort=score&cursor=c1');
    expect(inboxPageQuery({ sort: 'newest' }, '')).toBe('?sort=newest');
  });
});
