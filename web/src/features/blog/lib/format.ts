import { categoryNames } from './constants';

/** A post's date, e.g. "March 4, 2026" (UTC, so server and browser agree). */
export function formatPostDate(ms: number): string {
  return new Date(ms).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** A category's display name from its slug. */
export function categoryName(slug: string, names: Record<string, string> = categoryNames): string {
  return names[slug] ?? slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
