import { expect, test } from '@playwright/test';
import { hydrated, watchConsole } from './fixtures';

const path = '/buying-intent-guide';

const toc = [
  ['What buying intent is', 'what-is-buying-intent'],
  ['The 7 intent signals', 'signals'],
  ['Scoring: when to act', 'scoring'],
  ['Timing: the response window', 'timing'],
  ['Outreach that converts', 'outreach'],
  ['ROI: intent versus cold', 'roi'],
  ['Your 30-60-90-day plan', 'plan'],
  ['Get started', 'get-started'],
] as const;

test.describe('buying intent guide', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
  });

  test('renders the seven signals with badge, conversion, examples, why, timing and outreach', async ({ page }) => {
    const errors = watchConsole(page);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Buying Intent Guide');
    const signals = page.locator('#signals article');
    await expect(signals).toHaveCount(7);
    for (const signal of await signals.all()) {
      await expect(signal.getByText(/intent$/).first()).toBeVisible();
      await expect(signal.getByText('typical reply rate')).toBeVisible();
      for (const heading of ['Examples', 'Why it converts', 'Timing', 'Sample outreach']) {
        await expect(signal.getByRole('heading', { name: heading, level: 4 })).toBeVisible();
      }
      await expect(signal.getByText('Subject', { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('table', { name: /cold outbound compared with intent-led/ })).toBeVisible();
    await expect(page.getByRole('table', { name: /75 threshold/ }).getByRole('rowheader')).toHaveCount(4);
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    expect(ld.map((d) => d['@type'])).toContain('Article');
    expect(errors).toEqual([]);
  });

  test('Start Reading scrolls to the signals', async ({ page }) => {
    await page.getByRole('link', { name: 'Start Reading' }).click();
    await expect(page.locator('#signals-title')).toBeInViewport();
    await expect(page).toHaveURL(/#signals$/);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });

  test('the table of contents has 8 entries that scroll to their sections', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'In this guide' });
    await expect(nav.getByRole('link')).toHaveCount(8);
    for (const [label, id] of toc) {
      await nav.scrollIntoViewIfNeeded();
      await nav.getByRole('link', { name: label }).click();
      await expect(page.locator(`#${id}-title`)).toBeInViewport();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
    }
  });

  test('with reduced motion the table of contents jumps without animation', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('navigation', { name: 'In this guide' }).getByRole('link', { name: 'ROI: intent versus cold' }).click();
    expect(await page.locator('#roi-title').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
  });

  test('the 30-60-90-day tabs switch by click and arrow keys, 30 first', async ({ page }) => {
    const tablist = page.getByRole('tablist', { name: '30-60-90-day plan' });
    const tab = (n: string) => tablist.getByRole('tab', { name: `${n} days` });
    await expect(tablist.getByRole('tab')).toHaveCount(3);
    await expect(tab('30')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('Days 1-30');

    await tab('60').click();
    await expect(tab('60')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('Days 31-60');

    await page.keyboard.press('ArrowRight');
    await expect(tab('90')).toBeFocused();
    await expect(page.getByRole('tabpanel')).toContainText('Days 61-90');
    await page.keyboard.press('ArrowRight');
    await expect(tab('30')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(tab('90')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
  });

  test('calls to action go to the demo and the resources', async ({ page }) => {
    await expect(page.getByRole('link', { name: 'See It In Action' })).toHaveAttribute('href', '/demo');
    const cta = page.locator('#get-started');
    await expect(cta.getByRole('link', { name: 'Get My Free Sample' })).toHaveAttribute('href', '/demo');
    await expect(cta.getByRole('link', { name: 'Book a Demo' })).toHaveAttribute('href', '/demo');
    await expect(cta.getByRole('link', { name: 'Get Free Resources' })).toHaveAttribute('href', '/resources');

    await cta.getByRole('link', { name: 'Get Free Resources' }).click();
    await expect(page).toHaveURL(/\/resources$/);
    await page.goBack();
    await page.getByRole('link', { name: 'See It In Action' }).click();
    await expect(page).toHaveURL(/\/demo$/);
  });
});
