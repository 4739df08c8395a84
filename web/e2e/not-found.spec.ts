import { expect, test } from '@playwright/test';
import { hydrated } from './fixtures';

test.describe('not-found', () => {
  test('an unknown path answers 404 with the not-found screen, before any script runs', async ({ request }) => {
    const res = await request.get('/no/such/page');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('Oops! Page not found');
    expect(html).toContain('Return to Home');
  });

  test('the screen links back home', async ({ page }) => {
    const res = await page.goto('/definitely-not-here');
    expect(res?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const path of [
    '/..%2f..%2fetc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%2f..%2fgo.mod',
    '/assets/%2e%2e/%2e%2e/embed.go',
    '/reports/../../../etc/passwd',
  ]) {
    test(`traversal ${path} never leaves the embedded files`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect([301, 308, 404]).toContain(res.status());
      const body = await res.text();
      expect(body).not.toMatch(/^root:[^:\n]*:0:0:/m); // /etc/passwd's first line
      expect(body).not.toContain('module github.com');
      expect(body).not.toContain('go:embed');
    });
  }

  test('unknown API paths answer 404 JSON', async ({ request }) => {
    const res = await request.get('/api/nothing-here');
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ error: 'not found' });
  });
});
