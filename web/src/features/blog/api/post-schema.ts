import { z } from 'zod';

/** The four categories of spec 001 §3, in the order the blog shows them. */
export const categorySlugs = ['ai-automation', 'sales-strategy', 'lead-generation', 'case-studies'] as const;

export const postStatuses = ['draft', 'published'] as const;
export type PostStatus = (typeof postStatuses)[number];

/** A blog post as the API answers it; lists omit `content`. */
export const postSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  content: z.string().optional(),
  category: z.string(),
  tags: z.array(z.string()),
  authorName: z.string(),
  authorRole: z.string(),
  featured: z.boolean(),
  readTime: z.number().int().nullish(),
  status: z.enum(postStatuses),
  publishedAt: z.number(),
  imageUrl: z.string().nullish(),
});
export type Post = z.infer<typeof postSchema>;

export const postListSchema = z.array(postSchema);

/** A blog category. */
export const categorySchema = z.object({ _id: z.string(), name: z.string(), slug: z.string() });
export type Category = z.infer<typeof categorySchema>;

/** The body of a create or update (spec 001 §7 blogPosts.create / update). */
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
