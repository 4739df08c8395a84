import type { Parser } from '@/lib/admin/api-client';

// Checked by hand rather than with zod: the public blog only reads answers,
// and zod would add 24 KB gzip to every blog page (the admin's forms still use it).

/** The four categories of docs/product.md §9.4, in the order the blog shows them. */
export const categorySlugs = ['ai-automation', 'sales-strategy', 'lead-generation', 'case-studies'] as const;

export const postStatuses = ['draft', 'published'] as const;
export type PostStatus = (typeof postStatuses)[number];

/** A blog post as the API answers it; lists omit `content`. */
export interface Post {
  _id: string;
  title: string;
  slug: string;
  excerpt: string;
  content?: string;
  /** The content rendered from Markdown and sanitized by the server (one-post answers only); shown as is. */
  contentHtml?: string;
  category: string;
  tags: string[];
  authorName: string;
  authorRole: string;
  featured: boolean;
  readTime?: number | null;
  status: PostStatus;
  publishedAt: number;
  imageUrl?: string | null;
}

/** A blog category. */
export interface Category {
  _id: string;
  name: string;
  slug: string;
}

function record(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new TypeError(`${what}: expected an object`);
  return v as Record<string, unknown>;
}

function text(r: Record<string, unknown>, key: string, what: string): string {
  if (typeof r[key] !== 'string') throw new TypeError(`${what}.${key}: expected a string`);
  return r[key];
}

function optional<T>(r: Record<string, unknown>, key: string, ok: (v: unknown) => v is T, what: string): T | null | undefined {
  const v = r[key];
  if (v === undefined || v === null) return v;
  if (!ok(v)) throw new TypeError(`${what}.${key}: unexpected value`);
  return v;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isInteger = (v: unknown): v is number => Number.isInteger(v);

function parsePost(value: unknown): Post {
  const r = record(value, 'post');
  const tags = r.tags;
  if (!Array.isArray(tags) || !tags.every(isString)) throw new TypeError('post.tags: expected a list of strings');
  if (typeof r.featured !== 'boolean') throw new TypeError('post.featured: expected true or false');
  if (typeof r.publishedAt !== 'number' || !Number.isFinite(r.publishedAt)) throw new TypeError('post.publishedAt: expected a number');
  const status = r.status;
  if (status !== 'draft' && status !== 'published') throw new TypeError('post.status: expected draft or published');
  const post: Post = {
    _id: text(r, '_id', 'post'),
    title: text(r, 'title', 'post'),
    slug: text(r, 'slug', 'post'),
    excerpt: text(r, 'excerpt', 'post'),
    category: text(r, 'category', 'post'),
    tags,
    authorName: text(r, 'authorName', 'post'),
    authorRole: text(r, 'authorRole', 'post'),
    featured: r.featured,
    readTime: optional(r, 'readTime', isInteger, 'post'),
    status,
    publishedAt: r.publishedAt,
    imageUrl: optional(r, 'imageUrl', isString, 'post'),
  };
  const content = optional(r, 'content', isString, 'post');
  if (typeof content === 'string') post.content = content;
  const contentHtml = optional(r, 'contentHtml', isString, 'post');
  if (typeof contentHtml === 'string') post.contentHtml = contentHtml;
  return post;
}

function listOf<T>(parse: (v: unknown) => T): Parser<T[]> {
  return {
    parse(value) {
      if (!Array.isArray(value)) throw new TypeError('expected a list');
      return value.map(parse);
    },
  };
}

/** Checks one post. */
export const postSchema: Parser<Post> = { parse: parsePost };

/** Checks a list of posts. */
export const postListSchema = listOf(parsePost);

/** Checks a list of categories. */
export const categoryListSchema = listOf((value): Category => {
  const r = record(value, 'category');
  return { _id: text(r, '_id', 'category'), name: text(r, 'name', 'category'), slug: text(r, 'slug', 'category') };
});

/** The body of a create or update (docs/product.md §9.6, blogPosts.create / update). */
export interface PostInput {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: string;
  tags: string[];
  authorName: string;
  authorRole: string;
  featured: boolean;
  readTime: number;
  status: PostStatus;
  imageUrl: string;
  publishedAt: number;
}
