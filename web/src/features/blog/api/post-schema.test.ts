import { describe, expect, it } from 'vitest';
import { categoryListSchema, postListSchema, postSchema } from './post-schema';
import { isValidEmail } from './subscribe-newsletter';

const post = {
  _id: 'p1',
  title: 'T',
  slug: 't',
  excerpt: 'E',
  category: 'ai-automation',
  tags: ['a'],
  authorName: 'A',
  authorRole: 'R',
  featured: false,
  readTime: 5,
  status: 'published',
  publishedAt: 1700000000000,
  imageUrl: null,
};

describe('blog answer checks (no zod on the public blog)', () => {
  it('accepts a post with or without content, and lists of posts and categories', () => {
    expect(postSchema.parse(post)).toEqual(post);
    expect(postSchema.parse({ ...post, content: 'Body', readTime: null }).content).toBe('Body');
    expect(postListSchema.parse([post, post])).toHaveLength(2);
    expect(categoryListSchema.parse([{ _id: 'c', name: 'Case Studies', slug: 'case-studies' }])).toEqual([
      { _id: 'c', name: 'Case Studies', slug: 'case-studies' },
    ]);
  });

  it.each([
    ['a missing title', { ...post, title: undefined }],
    ['tags that are not strings', { ...post, tags: [1] }],
    ['an unknown status', { ...post, status: 'archived' }],
    ['a fractional read time', { ...post, readTime: 2.5 }],
    ['a string date', { ...post, publishedAt: '2026-01-01' }],
  ])('rejects %s', (_name, bad) => {
    expect(() => postSchema.parse(bad)).toThrow(TypeError);
  });

  it('rejects what is not a list', () => {
    expect(() => postListSchema.parse({ posts: [] })).toThrow(TypeError);
  });

  it.each([
    ['ana@example.com', true],
    ['a.b+c@mail.example.co.uk', true],
    ['ana@example', false],
    ['ana example.com', false],
    ['@example.com', false],
    ['ana@@example.com', false],
  ])('email %s → %s', (email, ok) => {
    expect(isValidEmail(email)).toBe(ok);
  });
});
