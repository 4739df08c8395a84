import { relatedLimit } from './constants';

/** The fields the blog list filters on. */
export interface Filterable {
  _id: string;
  title: string;
  excerpt: string;
  category: string;
}

/**
 * Posts whose title or excerpt contains the search text (case-insensitive,
 * surrounding spaces ignored), within the category unless it is null (All Posts).
 */
export function filterPosts<T extends Filterable>(posts: readonly T[], search: string, category: string | null): T[] {
  const needle = search.trim().toLowerCase();
  return posts.filter(
    (p) =>
      (category === null || p.category === category) &&
      (needle === '' || p.title.toLowerCase().includes(needle) || p.excerpt.toLowerCase().includes(needle)),
  );
}

/** Which empty state applies, if any: no posts at all, or none left by the filters. */
export function emptyState(total: number, shown: number): 'none' | 'no-match' | null {
  if (total === 0) return 'none';
  return shown === 0 ? 'no-match' : null;
}

/** Up to three other posts of the same category, in list order (newest first). */
export function relatedPosts<T extends Filterable>(posts: readonly T[], current: Filterable, limit = relatedLimit): T[] {
  return posts.filter((p) => p.category === current.category && p._id !== current._id).slice(0, limit);
}

/** The read-time label of a card: "N min read", or "Quick read" when missing. */
export function readTimeLabel(minutes: number | null | undefined): string {
  return minutes && minutes > 0 ? `${minutes} min read` : 'Quick read';
}
