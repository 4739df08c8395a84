/**
 * The one rule for which URLs from a source (a post's, a profile's) become links: an absolute
 * http or https URL with a host, at most 2,048 characters, without spaces or control characters.
 * Anything else (javascript:, data:, vbscript:, file:, relative) is shown as no link at all.
 * It mirrors the server's engine.LinkURL, which the feed, Slack, email and webhooks use.
 */
export function linkUrl(raw: string | null | undefined): string | undefined {
  if (!raw || raw.length > 2048 || [...raw].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)) return undefined;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return undefined;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.host === '') return undefined;
  // `https:example.com` parses (the host is taken from the path), but is no absolute URL.
  if (!/^https?:\/\//i.test(raw)) return undefined;
  return raw;
}
