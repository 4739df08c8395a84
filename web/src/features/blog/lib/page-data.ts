import { z } from 'zod';
import { postSchema, type Post } from '../api/post-schema';

/** What the server embeds in a post page (internal/blog/meta.go): the post, or null for an unknown slug. */
const pageDataSchema = z.object({ slug: z.string(), post: postSchema.nullable() });

let cached: z.infer<typeof pageDataSchema> | null | undefined;

function read(): z.infer<typeof pageDataSchema> | null {
  if (cached !== undefined) return cached;
  const el = typeof document === 'undefined' ? null : document.getElementById('page-data');
  let parsed = null;
  try {
    parsed = el?.textContent ? pageDataSchema.parse(JSON.parse(el.textContent)) : null;
  } catch {
    parsed = null; // a malformed embed only costs the fetch it would have saved
  }
  cached = parsed;
  return parsed;
}

/**
 * The post the server sent with this document for slug, as query options:
 * the first render then shows the post (or Post Not Found) without a fetch,
 * as fresh as the document's load, so later visits refetch as usual.
 */
export function embeddedPost(slug: string | undefined): { initialData?: Post | null; initialDataUpdatedAt?: number } {
  const data = read();
  if (!data || !slug || data.slug !== slug) return {};
  return { initialData: data.post, initialDataUpdatedAt: performance.timeOrigin };
}
