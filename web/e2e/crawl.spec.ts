import { expect, test } from '@playwright/test';

/**
 * Follows every internal link reachable from / (prerendered HTML, no script
 * needed) and asserts that none of them leads to a 404 or an error.
 */
test('no internal link leads to a 404', async ({ request }) => {
  test.setTimeout(120_000);
  const seen = new Set<string>(['/']);
  const queue = ['/'];
  const broken: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const res = await request.get(path, { maxRedirects: 0 });
    if (res.status() !== 200) {
      broken.push(`${path} → ${res.status()}`);
      continue;
    }
    if (!(res.headers()['content-type'] ?? '').includes('text/html')) continue;
    const html = await res.text();
    for (const [, href] of html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)) {
      const url = new URL(href.replaceAll('&amp;', '&'), 'http://127.0.0.1');
      if (url.host !== '127.0.0.1' || !href.startsWith('/')) continue; // external or relative-to-page
      const target = url.pathname;
      if (seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  expect(broken, `broken links (crawled ${seen.size} paths)`).toEqual([]);
  expect(seen.size).toBeGreaterThan(10);
});
