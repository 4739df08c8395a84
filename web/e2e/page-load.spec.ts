import { expect, test } from '@playwright/test';
import { hydrated, watchConsole } from './fixtures';

// A prerendered page paints before the app's modules are fetched (the loader
// of web/scripts/prerender.mjs), then hydrates as usual.
for (const path of ['/', '/reports/parkwise-case-study', '/blog', '/no-such-page']) {
  test(`${path} fetches no module before its first contentful paint, then hydrates`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator('#root')).toBeVisible();
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.js'))
        .map((r) => ({ name: new URL(r.name).pathname, startTime: r.startTime })),
    }));
    expect(timing.fcp).not.toBeNull();
    const loader = timing.scripts.filter((s) => /^\/assets\/boot-[\w-]+\.js$/.test(s.name));
    expect(loader).toHaveLength(1);
    const modules = timing.scripts.filter((s) => s !== loader[0]);
    expect(modules.map((s) => s.name)).toContainEqual(expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/));
    for (const s of modules) expect(s.startTime, s.name).toBeGreaterThanOrEqual(timing.fcp!);
    // The not-found screen logs the 404 (spec); every other page logs nothing.
    if (path !== '/no-such-page') expect(errors).toEqual([]);
  });
}

test('the prerendered markup holds the loader, not module scripts', async ({ request }) => {
  const html = await (await request.get('/reports')).text();
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  expect(html).not.toMatch(/rel="modulepreload"/);
  expect(html).toMatch(/<script id="app-loader" defer src="\/assets\/boot-[\w-]+\.js" data-entry="\/assets\/index-[\w-]+\.js" data-preload="[^"]+"><\/script>\s*<\/body>/);
});
