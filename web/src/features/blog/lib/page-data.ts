import { postSchema, type Post } from '../api/post-schema';

/** What the server embeds in a post page (internal/blog/meta.go): the post, or null for an unknown slug. */
interface PageData {
  slug: string;
  post: Post | null;
}

function parsePageData(value: unknown): PageData {
  const r = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof r.slug !== 'string') throw new TypeError('page data: slug expected');
  return { slug: r.slug, post: r.post === null ? null : postSchema.parse(r.post) };
}

let cached: PageData | null | undefined;

function read(): PageData | null {
  if (cached !== undefined) return cached;
  const el = typeof document === 'undefined' ? null : document.getElementById('page-data');
  let parsed = null;
  try {
    parsed = el?.textContent ? parsePageData(JSON.parse(el.textContent)) : null;
  } catch {
    parsed = null; // a malformed embed only costs the fetch it would have saved
  }
  cached = parsed;
  return parsed;
}

/**
 * The post the server sent with this document for slug, as usePost's initial
 * data: the first render then shows the post (or Post Not Found) without a
 * fetch; a later visit to another slug fetches as usual.
 */
export function embeddedPost(slug: string | undefined): { data: Post | null } | undefined {
  const data = read();
  if (!data || !slug || data.slug !== slug) return undefined;
  return { data: data.post };
}
