import { expect, test } from '@playwright/test';
import { hydrated } from './fixtures';

test.describe('header on a phone', () => {
  test('the menu button goes to onboarding; no Back link at home', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /Book a Strategy Call/ })).toBeHidden();
    await expect(header.getByRole('link', { name: 'Back' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menu = header.getByRole('link', { name: 'Get Started' });
    await expect(menu).toBeVisible();
    await menu.click();
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test('away from home a Back link returns to the previous page', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    const back = page.getByRole('banner').getByRole('link', { name: 'Back' });
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('Back on a page entered directly goes home', async ({ page }) => {
    await page.goto('/privacy');
    await hydrated(page);
    await page.getByRole('banner').getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fill Your Pipeline with Ready-to-Buy Leads');
  });

  test('section links are reachable on a phone', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await expect(nav.getByRole('link', { name: 'Use Cases' })).toHaveAttribute('href', '/use-cases');
    await expect(nav.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
  });
});
