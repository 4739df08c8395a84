const post = {
  _id: 'p1',
  title: 'T',
  slug: 'known',
  excerpt: 'E',
  content: 'C',
  category: 'sales-strategy',
  tags: [],
  authorName: 'A',
  authorRole: 'R',
  featured: false,
  readTime: 5,
  status: 'published',
  publishedAt: 1,
};

async function load(embedded: string | null) {
  document.getElementById('page-data')?.remove();
  if (embedded !== null) {
    const el = Object.assign(document.createElement('script'), { type: 'application/json', id: 'page-data', textContent: embedded });
    document.head.append(el);
  }
  vi.resetModules(); // the module reads the embed once
  return (await import('./page-data')).embeddedPost;
}

describe('embeddedPost', () => {
  it('gives the embedded post as initial data for its own slug only', async () => {
    const embeddedPost = await load(JSON.stringify({ slug: 'known', post }));
    expect(embeddedPost('known')).toEqual({ data: post });
    expect(embeddedPost('other')).toBeUndefined();
    expect(embeddedPost(undefined)).toBeUndefined();
  });
  it('gives null for a slug the server did not find', async () => {
    const embeddedPost = await load(JSON.stringify({ slug: 'gone', post: null }));
    expect(embeddedPost('gone')).toEqual({ data: null });
  });
  it('ignores a missing or malformed embed', async () => {
    expect((await load(null))('known')).toBeUndefined();
    expect((await load('{not json'))('known')).toBeUndefined();
    expect((await load(JSON.stringify({ slug: 'known', post: { title: 1 } })))('known')).toBeUndefined();
  });
});
