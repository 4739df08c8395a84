import { emptyState, filterPosts, readTimeLabel, relatedPosts } from './filter-posts';

const posts = [
  { _id: '1', title: 'Buying Intent 101', excerpt: 'Signals that matter', category: 'sales-strategy' },
  { _id: '2', title: 'Speed to Signal', excerpt: 'Answer within the HOUR', category: 'lead-generation' },
  { _id: '3', title: 'Automate outreach', excerpt: 'Pipelines with AI', category: 'ai-automation' },
  { _id: '4', title: 'Creepy or helpful?', excerpt: 'Referencing a signal', category: 'sales-strategy' },
  { _id: '5', title: 'Case: Parkwise', excerpt: 'Three phases', category: 'sales-strategy' },
  { _id: '6', title: 'More strategy', excerpt: 'x', category: 'sales-strategy' },
];
const ids = (list: { _id: string }[]) => list.map((p) => p._id);

describe('filterPosts', () => {
  it('returns everything with no search and All Posts', () => {
    expect(ids(filterPosts(posts, '', null))).toEqual(['1', '2', '3', '4', '5', '6']);
  });
  it('matches title or excerpt, case-insensitively, ignoring surrounding spaces', () => {
    expect(ids(filterPosts(posts, '  SIGNAL ', null))).toEqual(['1', '2', '4']);
    expect(ids(filterPosts(posts, 'hour', null))).toEqual(['2']);
    expect(ids(filterPosts(posts, 'pipelines with ai', null))).toEqual(['3']);
  });
  it('combines the search with the category', () => {
    expect(ids(filterPosts(posts, 'signal', 'sales-strategy'))).toEqual(['1', '4']);
    expect(ids(filterPosts(posts, '', 'ai-automation'))).toEqual(['3']);
    expect(ids(filterPosts(posts, 'signal', 'case-studies'))).toEqual([]);
  });
});

describe('emptyState', () => {
  it('tells no posts from no match', () => {
    expect(emptyState(0, 0)).toBe('none');
    expect(emptyState(3, 0)).toBe('no-match');
    expect(emptyState(3, 2)).toBeNull();
  });
});

describe('relatedPosts', () => {
  it('picks up to three others of the same category, in order', () => {
    expect(ids(relatedPosts(posts, posts[0]))).toEqual(['4', '5', '6']);
    expect(ids(relatedPosts(posts, posts[1]))).toEqual([]);
  });
});

describe('readTimeLabel', () => {
  it('shows minutes or Quick read', () => {
    expect(readTimeLabel(7)).toBe('7 min read');
    expect(readTimeLabel(0)).toBe('Quick read');
    expect(readTimeLabel(undefined)).toBe('Quick read');
    expect(readTimeLabel(null)).toBe('Quick read');
  });
});
