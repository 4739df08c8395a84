import { expect, test } from '@playwright/test';
import { hydrated, watchConsole } from './fixtures';

const firstSignal = 'Asked which intent data tools actually work for mid-market outbound; current vendor contract ends next month.';

test.describe('home page', () => {
  test('the prerendered HTML already holds the page, before any script runs', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('Fill Your Pipeline with');
    expect(html.replaceAll('<!-- -->', '')).toContain('Showing 5 of 247 premium leads');
    expect(html).toContain('Questions sales leaders ask us');
    for (const type of ['"Organization"', '"Service"', '"FAQPage"']) expect(html).toContain(`"@type":${type}`);
  });

  test('all sections in the specified order, no console errors', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fill Your Pipeline with Ready-to-Buy Leads');
    const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    const order = [
      'From ideal customer to booked call in three steps',
      'Every lead arrives with the reason to call',
      'Buyers announce themselves every hour',
      'Sales teams that stopped guessing',
      'Questions sales leaders ask us',
    ];
    const positions = order.map((h) => headings.findIndex((t) => t.replace(/\s+/g, ' ').trim() === h));
    expect(
      positions.every((p) => p >= 0),
      `headings: ${headings.join(' | ')}`,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // hero mock dashboard: three leads with the three intent labels
    const hero = page.locator('section[aria-labelledby="hero-title"]');
    for (const label of ['Ready to Buy', 'Hot', 'Warm']) await expect(hero.getByText(label, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Your Free Strategy Call' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /View Use Cases/ })).toHaveAttribute('href', '/use-cases');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('dashboard preview: tabs, five leads, signal cut at 60 characters on desktop', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const table = page.getByRole('region', { name: 'Sample leads' });
    await expect(table.locator('tbody tr')).toHaveCount(5);
    await expect(table.getByText(`${firstSignal.slice(0, 60)}...`, { exact: true })).toBeVisible();
    await expect(page.getByText('Showing 5 of 247 premium leads')).toBeVisible();
    await page.getByRole('tab', { name: 'Agents' }).click();
    await expect(page.getByRole('tab', { name: 'Agents' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByText('Competitor Engagement')).toBeVisible();
    await page.getByRole('tab', { name: 'Agents' }).press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');
  });

  test('live feed shows 8 signals and scrolls (the duplicate copy is hidden from assistive tech)', async ({ page }) => {
    await page.goto('/');
    const feed = page.getByRole('list', { name: 'Recent buying signals' });
    await expect(feed.getByRole('listitem')).toHaveCount(8);
  });

  test('testimonials: next wraps from the last to the first, previous from the first to the last', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' }); // no automatic rotation during the test
    await page.goto('/');
    await hydrated(page);
    const slides = page.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(5);
    const current = page.getByRole('button', { name: /Show testimonial \d/ }).and(page.locator('[aria-current="true"]'));
    await expect(current).toHaveAccessibleName('Show testimonial 1');
    await page.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(current).toHaveAccessibleName('Show testimonial 5');
    await page.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(current).toHaveAccessibleName('Show testimonial 1');
    await page.getByRole('button', { name: 'Show testimonial 3' }).click();
    await expect(current).toHaveAccessibleName('Show testimonial 3');
    await expect(slides.nth(2)).toBeVisible();
  });

  test('testimonials rotate on their own when motion is allowed', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const current = page.getByRole('button', { name: /Show testimonial \d/ }).and(page.locator('[aria-current="true"]'));
    await expect(current).toHaveAccessibleName('Show testimonial 1');
    await expect(current).toHaveAccessibleName('Show testimonial 2', { timeout: 15_000 });
  });

  test('six FAQs open and close', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const faq = page.locator('section[aria-labelledby="faq-title"] details');
    await expect(faq).toHaveCount(6);
    const first = faq.first();
    await expect(first).not.toHaveAttribute('open', '');
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await first.locator('summary').click();
    await expect(first).not.toHaveAttribute('open', '');
  });

  test('the chat bubble toggles the Signal AI panel', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const bubble = page.getByRole('button', { name: 'Open Signal AI chat' });
    await expect(page.getByRole('dialog', { name: 'Signal AI' })).toBeHidden();
    await bubble.click();
    const panel = page.getByRole('dialog', { name: 'Signal AI' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
    await page.getByRole('button', { name: 'Close Signal AI chat' }).click();
    await expect(panel).toBeHidden();
  });
});
