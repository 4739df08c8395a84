/**
 * A URL slug made from text as the server makes it: lowercase, every run of
 * characters other than a-z and 0-9 becomes one hyphen, leading and trailing
 * hyphens trimmed.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Tags from comma-separated text: split, trimmed, empty (and repeated) ones dropped. */
export function parseTags(text: string): string[] {
  const out: string[] = [];
  for (const t of text.split(',').map((s) => s.trim())) if (t && !out.includes(t)) out.push(t);
  return out;
}

/** readTime parsed as an integer; anything else (or 0) is the default. */
export function parseReadTime(text: string, fallback: number): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
