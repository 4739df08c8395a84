import { expect, test } from '@playwright/test';
import { calendarUrl, hydrated, origin, watchConsole } from './fixtures';

test.describe('header and footer on desktop', () => {
  test('at home the brand is unlinked and there is no Home link', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/');
    await hydrated(page);
    const header = page.getByRole('banner');
    await expect(header.getByText('Signalpipe', { exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Signalpipe home' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Home', exact: true })).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Use Cases', '/use-cases'],
      ['Reports', '/reports'],
      ['Buying Intent Guide', '/buying-intent-guide'],
      ['Blog', '/blog'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    expect(errors).toEqual([]);
  });

  test('the call to action opens the booking calendar in a new tab', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const cta = page.getByRole('banner').getByRole('link', { name: /Book a Strategy Call/ });
    await expect(cta).toHaveAttribute('href', calendarUrl);
    await expect(cta).toHaveAttribute('target', '_blank');
    await expect(cta).toHaveAttribute('rel', /noopener/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toBeHidden();
  });

  test('the Reports dropdown lists the four playbooks', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Reports menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const expected = [
      '/reports/b2c-cold-email-playbook',
      '/reports/lead-scraping-directory',
      '/reports/b2c-connector-playbook',
      '/reports/conversion-index',
    ];
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await expect(menu.getByRole('link')).toHaveCount(4);
    for (const [i, href] of expected.entries()) {
      await expect(menu.getByRole('link').nth(i)).toHaveAttribute('href', href);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await menu.getByRole('link', { name: 'Conversion Index' }).click();
    await expect(page).toHaveURL(/\/reports\/conversion-index$/);
    await expect(menu).toBeHidden();
  });

  test('away from home the brand links home and a Home link shows', async ({ page }) => {
    await page.goto('/blog');
    await hydrated(page);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Signalpipe home' })).toHaveAttribute('href', '/');
    const home = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true });
    await expect(home).toBeVisible();
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fill Your Pipeline with Ready-to-Buy Leads');
  });

  test('client-side navigation updates title, description and canonical link', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Use Cases' }).click();
    await expect(page).toHaveURL(/\/use-cases$/);
    await expect(page).toHaveTitle('Use Cases by Industry and Team Size | Signalpipe');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/use-cases$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /SaaS, recruitment/);
  });

  test('footer links: Blog, Contact (booking page, new tab), Privacy', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    const contact = footer.getByRole('link', { name: /Contact/ });
    await expect(contact).toHaveAttribute('href', calendarUrl);
    await expect(contact).toHaveAttribute('target', '_blank');
    await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    await footer.getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test('prerendered pages carry their own title, description and canonical link', async ({ request }) => {
    const res = await request.get('/reports/conversion-index');
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<title>Cold Email Conversion Index | Signalpipe</title>');
    expect(html).toContain(`<link rel="canonical" href="${origin}/reports/conversion-index"`);
    expect(html).not.toContain('__SIGNALPIPE_BASE_URL__');
  });
});
