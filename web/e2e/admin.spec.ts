import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './fixtures';

// The first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD on first start;
// scripts/e2e-server.sh must export the same values.
const adminEmail = process.env.E2E_ADMIN_EMAIL ?? 'admin@signalpipe.test';
const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password';

async function signIn(page: Page, password = adminPassword) {
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('admin console', () => {
  test('without a session the API answers 401 and the page shows the sign-in form', async ({ page, request }) => {
    expect((await request.get('/api/admin/submissions?kind=booking')).status()).toBe(401);
    await page.goto('/admin');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible();
    await signIn(page, 'not the password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  });

  test('signs in and sees the booking just made, with its delivery state', async ({ page }) => {
    const email = `e2e-${Date.now()}@acme.example`;
    const made = await page.request.post('/api/booking-leads', {
      data: {
        email,
        company: 'Console Check Ltd',
        primaryChallenge: 'Cut operational costs',
        timestamp: Date.now(),
        source: 'signalpipe_calendar',
        url: 'http://127.0.0.1/reports/conversion-index',
        userAgent: 'playwright',
      },
    });
    expect(made.status()).toBe(201);

    await page.goto('/admin');
    await hydrated(page);
    await signIn(page);
    await expect(page.getByRole('tab', { name: 'Booking', selected: true })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(page.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', '/api/admin/submissions.csv?kind=booking');
    await expect(page.getByRole('link', { name: 'Blog admin' })).toHaveAttribute('href', '/blog/admin');
    await expect(page.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/analytics');

    await row.getByRole('button', { name: /View/ }).click();
    await expect(page.getByRole('heading', { name: 'Console Check Ltd' })).toBeVisible();
    await expect(page.getByText('Cut operational costs').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Delivery' })).toBeVisible();
    await expect(page.getByText(/^(Pending|Delivered|Failed|Stored only)$/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry delivery' })).toBeVisible();

    await page.getByRole('button', { name: 'Back to the list' }).click();
    await page.getByRole('tab', { name: 'Onboarding' }).click();
    await expect(page.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', '/api/admin/submissions.csv?kind=onboarding');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible();
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible();
  });

  test("shows each source's health, readable on a 390 px wide phone", async ({ page, request }) => {
    expect((await request.get('/api/admin/sources')).status()).toBe(401);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin');
    await hydrated(page);
    await signIn(page);
    const panel = page.getByRole('region', { name: 'Sources' });
    await expect(panel.getByRole('heading', { name: 'Sources', exact: true })).toBeVisible();
    // The e2e server enables no network source (so it stays offline).
    const hn = panel.getByTestId('source-hackernews');
    await expect(hn.getByText('Disabled')).toBeVisible();
    await expect(hn.getByText('HN_ENABLED=false')).toBeVisible();
    await expect(panel.getByTestId('source-exa').getByText('Not configured', { exact: true })).toBeVisible();
    await expect(panel.getByTestId('source-stackexchange').getByText('Disabled')).toBeVisible();
    await expect(hn.getByText('0 posts')).toBeVisible();
    // The panel fits the screen: its table needs no sideways scrolling.
    const table = await panel.locator('table').boundingBox();
    expect(table && table.x + table.width).toBeLessThanOrEqual(390);
    const scroll = await panel.locator('table').evaluate((t) => ({ need: t.scrollWidth, have: t.parentElement!.clientWidth }));
    expect(scroll.need).toBeLessThanOrEqual(scroll.have);
    const axe = await new AxeBuilder({ page }).include('section[aria-labelledby="source-health-title"]').analyze();
    expect(axe.violations).toEqual([]);
  });

  test('the submissions table fits a 390 px wide phone, long addresses and all', async ({ page }) => {
    const email = `a.very.long.mailbox.name.${Date.now()}@an-unusually-long-company-domain.example`;
    const made = await page.request.post('/api/booking-leads', {
      data: {
        email,
        company: 'International Widgets and Consolidated Holdings',
        primaryChallenge: 'Cut operational costs',
        timestamp: Date.now(),
        source: 'signalpipe_calendar',
        url: 'http://127.0.0.1/',
        userAgent: 'playwright',
      },
    });
    expect(made.status()).toBe(201);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin');
    await hydrated(page);
    await signIn(page);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: `View submission from ${email}` })).toBeInViewport();
    // Before: the table's 46rem minimum pushed the whole page to ~900 px wide.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
