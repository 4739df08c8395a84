import { expect } from '@playwright/test';
import { hydrated, test, watchConsole } from './fixtures';

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** "POST/api/research-leads" for every operation of the server's document. */
async function documentedOperations(request: import('@playwright/test').APIRequestContext) {
  const res = await request.get('/api/openapi.json');
  expect(res.status()).toBe(200);
  const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => methods.includes(m))
      .map((m) => `${m.toUpperCase()}${path}`),
  );
}

test.describe('/docs/api', () => {
  test('lists every operation of /api/openapi.json, each linked from the table of contents', async ({ page, request }) => {
    const errors = watchConsole(page);
    const expected = await documentedOperations(request);
    expect(expected.length).toBeGreaterThan(5);
    await page.goto('/docs/api');
    await hydrated(page);
    const shown = await page
      .locator('article h3')
      .evaluateAll((hs) => hs.map((h) => ({ text: (h.textContent ?? '').trim(), id: h.closest('article')!.id })));
    // The table of contents is read once (one round trip per operation
    // took over a minute on a busy machine once the API passed 150 of them).
    const tocLinks = await page
      .getByRole('navigation', { name: 'On this page' })
      .locator('a[href^="#"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const op of expected) {
      const found = shown.find((s) => s.text === op);
      expect(found, `${op} is on the page`).toBeDefined();
      expect(
        tocLinks.filter((h) => h === `#${found!.id}`),
        `${op} is linked once from the table of contents`,
      ).toHaveLength(1);
    }
    expect(errors).toEqual([]);
  });

  test('is prerendered: every path is in the HTML before any script runs', async ({ request }) => {
    const expected = await documentedOperations(request);
    const html = await (await request.get('/docs/api')).text();
    for (const op of expected) expect(html).toContain(op.replace(/^[A-Z]+/, ''));
  });

  test('has one h1 and never skips a heading level', async ({ page }) => {
    await page.goto('/docs/api');
    await hydrated(page);
    const levels = await page.locator('main :is(h1,h2,h3,h4,h5,h6)').evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `heading ${i}`).toBeLessThanOrEqual(1);
    await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Schemas' })).toBeVisible();
  });

  test('table-of-contents and schema links jump to their targets', async ({ page }) => {
    await page.goto('/docs/api');
    await hydrated(page);
    await page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: /\/api\/check-webset-status/ })
      .click();
    await expect(page).toHaveURL(/#post-api-check-webset-status$/);
    await expect(page.locator('#post-api-check-webset-status h3')).toBeInViewport();
    await page.locator('#post-api-check-webset-status').getByRole('link', { name: 'Lead' }).first().click();
    await expect(page).toHaveURL(/#schema-lead$/);
    await expect(page.getByRole('heading', { level: 3, name: 'Lead', exact: true })).toBeInViewport();
  });

  test('has no serious or critical accessibility violations', async ({ page, axe }) => {
    // axe on a long page: 1.3 min alone on the 2-core machine since the accounts, reports, brand and
    // sources operations were added (about twice that beside the other worker under CI)
    test.setTimeout(300_000);
    await page.goto('/docs/api');
    await hydrated(page);
    expect(await axe.blockingViolations()).toEqual([]);
  });
});
