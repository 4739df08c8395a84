import { expect, test, type Page } from '@playwright/test';
import { calendarUrl, hydrated } from './fixtures';

// The dialog opens from "Get Your Free AI Growth Plan" on every playbook page.
const playbook = '/reports/b2c-cold-email-playbook';

async function openDialog(page: Page) {
  await page
    .context()
    .route('https://cal.example.com/**', (r) => r.fulfill({ contentType: 'text/html', body: '<title>Calendar</title><p>calendar</p>' }));
  await page.goto(playbook);
  await hydrated(page);
  const button = page.getByRole('button', { name: 'Get Your Free AI Growth Plan' }).first();
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Book Your AI Strategy Session' });
  await expect(dialog).toBeVisible();
  return { button, dialog };
}

async function fill(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Work email').fill('ana@acme.example');
  await dialog.getByLabel('Company', { exact: true }).fill('Acme & Co');
  await dialog.getByLabel('Primary challenge').selectOption('Scale without hiring');
}

test.describe('booking dialog', () => {
  test('the journey: form, lead stored, prefilled calendar', async ({ page }) => {
    const { dialog } = await openDialog(page);
    const submit = dialog.getByRole('button', { name: 'Continue to Calendar' });
    await expect(submit).toBeDisabled();
    await expect(dialog.getByLabel('Primary challenge').locator('option').first()).toHaveText('Select your main focus');
    await fill(page);
    await expect(submit).toBeEnabled();

    const request = page.waitForRequest((r) => r.url().endsWith('/api/booking-leads'));
    const response = page.waitForResponse((r) => r.url().endsWith('/api/booking-leads'));
    await submit.click();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      email: 'ana@acme.example',
      company: 'Acme & Co',
      primaryChallenge: 'Scale without hiring',
      source: 'signalpipe_calendar',
    });
    expect(String(body.url)).toMatch(new RegExp(`${playbook}$`));
    expect(typeof body.timestamp).toBe('number');
    expect((await response).status()).toBe(201);

    const calendar = page.getByRole('dialog', { name: 'Select Your Time' });
    await expect(calendar).toBeVisible();
    const frame = calendar.locator('iframe');
    const src = new URL((await frame.getAttribute('src'))!);
    expect(`${src.origin}${src.pathname}`).toBe(calendarUrl);
    expect(src.searchParams.get('name')).toBe('Acme & Co');
    expect(src.searchParams.get('email')).toBe('ana@acme.example');
    expect(src.searchParams.get('theme')).toBe('dark');
    await expect(frame).toHaveAttribute('title', /.+/);
    const fallback = calendar.getByRole('link', { name: /Open calendar in a new tab/ });
    await expect(fallback).toHaveAttribute('href', src.toString());
    await expect(fallback).toHaveAttribute('target', '_blank');

    const local = await page.evaluate(() => JSON.parse(localStorage.getItem('form_submissions') ?? '[]'));
    expect(local).toEqual([
      expect.objectContaining({ email: 'ana@acme.example', company: 'Acme & Co', roadblock: 'Scale without hiring' }),
    ]);
  });

  test('a failed submission still reaches the calendar and is logged', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.route('**/api/booking-leads', (r) => r.fulfill({ status: 500 }));
    const { dialog } = await openDialog(page);
    await fill(page);
    await dialog.getByRole('button', { name: 'Continue to Calendar' }).click();
    await expect(page.getByRole('dialog', { name: 'Select Your Time' })).toBeVisible();
    expect(logged.join('\n')).toContain('Failed to submit lead');
  });

  test('Skip to Calendar, Escape closes and focus returns to the button', async ({ page }) => {
    const { button, dialog } = await openDialog(page);
    await dialog.getByRole('button', { name: 'Skip to Calendar' }).click();
    const calendar = page.getByRole('dialog', { name: 'Select Your Time' });
    await expect(calendar.locator('iframe')).toHaveAttribute('src', /theme=dark/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(button).toBeFocused();

    await button.click();
    await expect(page.getByRole('dialog', { name: 'Book Your AI Strategy Session' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
