import { expect, test, type Page } from '@playwright/test';
import { calendarUrl, hydrated, watchConsole } from './fixtures';

const adminEmail = process.env.E2E_ADMIN_EMAIL ?? 'admin@signalpipe.test';
const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password';
// Headless Chromium says "HeadlessChrome", which the analytics bot filter
// skips; the admin journey browses as an ordinary desktop Chrome.
const desktopChrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

test.describe('ROI calculator', () => {
  test('calculates, hides the results on change, dashes a zero rate, links onward', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/resources/roi-calculator');
    await hydrated(page);
    await expect(page.getByLabel(/Sales team size/)).toHaveValue('5');
    await expect(page.getByLabel(/Average deal size/)).toHaveValue('10000');
    await expect(page.getByLabel(/Current conversion rate/)).toHaveValue('2');
    await expect(page.getByLabel(/Monthly leads/)).toHaveValue('100');
    await expect(page.getByLabel(/Cost per lead/)).toHaveValue('150');
    await expect(page.getByTestId('roi-percent')).toHaveCount(0);

    await page.getByRole('button', { name: 'Calculate ROI' }).click();
    await expect(page.getByTestId('roi-percent')).toHaveText('8,400%');
    await expect(page.getByTestId('annual-lift')).toHaveText('$1,200,000');
    await expect(page.getByTestId('annual-savings')).toHaveText('$60,000');
    await expect(page.getByRole('row', { name: /Cost per deal/ })).toContainText('$7,500');
    await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/onboarding');
    const demo = page.getByRole('link', { name: /Book Demo/ });
    await expect(demo).toHaveAttribute('href', calendarUrl);
    await expect(demo).toHaveAttribute('target', '_blank');

    await page.getByLabel(/Current conversion rate/).fill('0');
    await expect(page.getByTestId('roi-percent')).toHaveCount(0);
    await page.getByRole('button', { name: 'Calculate ROI' }).click();
    await expect(page.getByRole('row', { name: /Cost per deal/ })).toContainText('——');
    await expect(page.getByTestId('roi-percent')).toHaveText('400%');
    await expect(page.locator('main')).not.toContainText(/NaN|Infinity/);

    await page.getByRole('link', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    expect(errors).toEqual([]);
  });
});

test.describe('developer test pages', () => {
  test('/test-convex reaches the backend and shows the published posts', async ({ page }) => {
    const query = page.waitForRequest((r) => r.url().endsWith('/api/query') && r.method() === 'POST');
    await page.goto('/test-convex');
    expect((await query).postDataJSON()).toEqual({ path: 'blogPosts:getPublished', args: {} });
    await expect(page.getByTestId('connection-status')).toHaveText('Connected successfully!');
    await expect(page.getByTestId('connection-response')).toContainText('"slug"');
  });

  test('/test-convex shows the error panel for an answer that is not JSON', async ({ page }) => {
    const html = `<html>${'gateway error '.repeat(30)}</html>`;
    await page.route('**/api/query', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: html }));
    await page.goto('/test-convex');
    await expect(page.getByTestId('connection-status')).toHaveText('Connection failed - not getting JSON response');
    await expect(page.getByRole('alert')).toContainText(`Response is not JSON: ${html.slice(0, 200)}`);
  });

  test('/test-click counts clicks and links home', async ({ page }) => {
    await page.goto('/test-click');
    await hydrated(page);
    const button = page.getByRole('button', { name: /Click me/ });
    await button.click();
    await button.click();
    await button.click();
    await expect(button).toHaveText('Click me (3)');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('analytics', () => {
  test('a visitor sees the sample figures and the period only moves the highlight', async ({ page }) => {
    await page.goto('/analytics');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Last 7 Days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(figure(page, 'Page Views')).toHaveText('12,543');
    await expect(figure(page, 'Bounce Rate')).toHaveText('42.3%');
    await expect(page.getByTestId('sample-note')).toContainText('Connect a real database');
    await page.getByRole('button', { name: 'Last 90 Days' }).click();
    await expect(page.getByRole('button', { name: 'Last 90 Days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Last 7 Days' })).toHaveAttribute('aria-pressed', 'false');
    await expect(figure(page, 'Page Views')).toHaveText('12,543');
    expect((await page.request.get('/api/admin/analytics?period=7d')).status()).toBe(401);
  });

  test.describe('as an admin', () => {
    test.use({ userAgent: desktopChrome });

    test('records visits first-party and the period switch changes the data', async ({ page, context }) => {
      for (const path of ['/resources', '/resources/roi-calculator', '/test-click']) {
        await page.goto(path);
        await hydrated(page);
      }
      expect(await context.cookies()).toEqual([]); // the beacon sets no cookie

      await page.goto('/admin');
      await page.getByLabel('Email').fill(adminEmail);
      await page.getByLabel('Password').fill(adminPassword);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);

      // The server writes views in batches, at least once a second.
      await expect
        .poll(async () => (await (await page.request.get('/api/admin/analytics?period=24h')).json()).pageViews, {
          timeout: 10_000,
        })
        .toBeGreaterThanOrEqual(3);

      await page.goto('/analytics');
      await expect(page.getByTestId('analytics-mode')).toHaveText(/Live first-party analytics · Last 7 Days/);
      await expect(page.getByTestId('sample-note')).toHaveCount(0);
      await expect(page.getByTestId('top-pages')).toContainText('/resources/roi-calculator');
      const bars = page.getByTestId('views-chart').locator('[data-views]');
      await expect(bars).toHaveCount(7);

      await page.getByRole('button', { name: 'Last 24 Hours' }).click();
      await expect(page.getByTestId('analytics-mode')).toHaveText(/Last 24 Hours/);
      await expect(page.getByRole('heading', { name: 'Hourly Views' })).toBeVisible();
      await expect(bars).toHaveCount(24);

      await page.getByRole('button', { name: 'Last 30 Days' }).click();
      await expect(bars).toHaveCount(30);
      await expect(page.getByRole('heading', { name: 'Daily Views' })).toBeVisible();
    });
  });
});
