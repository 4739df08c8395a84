import { expect, test, type Page } from '@playwright/test';
import { calendarUrl, hydrated, watchConsole } from './fixtures';

/** The schema.org types of the page's structured data. */
async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b)['@type']);
}

async function open(page: Page, path: string) {
  const errors = watchConsole(page);
  await page.goto(path);
  await hydrated(page);
  return errors;
}

test.describe('report pages', () => {
  test('Parkwise case study: challenge, strategy, three phases, results and a quote', async ({ page }) => {
    const errors = await open(page, '/reports/parkwise-case-study');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Parkwise');
    for (const id of ['challenge', 'strategy', 'timeline', 'results']) {
      await expect(page.locator(`#${id} h2`)).toBeVisible();
    }
    await expect(page.locator('#timeline h3')).toHaveText(['Map the buying windows', 'Signal-led outreach', 'Systematise and scale']);
    await expect(page.locator('#timeline')).toContainText('Phase 3');
    await expect(page.getByRole('table', { name: /before and after/ })).toBeVisible();
    await expect(page.locator('blockquote')).toContainText('first vendor in the room');
    await expect(page.locator('figure', { has: page.locator('blockquote') })).toContainText('Dana Okafor');
    await expect(page.getByRole('button', { name: 'Get Your Free AI Growth Plan' })).toBeVisible();
    expect(await jsonLdTypes(page)).toContain('Article');
    expect(errors).toEqual([]);
  });

  test('the growth-plan button opens the booking dialog', async ({ page }) => {
    await open(page, '/reports/parkwise-case-study');
    await page.getByRole('button', { name: 'Get Your Free AI Growth Plan' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('breach report: five pillars, two email plays, tools and a warning', async ({ page }) => {
    const errors = await open(page, '/reports/signal-breach-report');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Sales System Guide: Breach Edition');
    await expect(page.locator('#pillars h3')).toHaveCount(5);
    await expect(page.getByRole('table', { name: /Engagement points/ })).toContainText('+30');
    const plays = page.locator('#plays article');
    await expect(plays).toHaveCount(2);
    for (const play of await plays.all()) {
      await expect(play.getByText('Subject', { exact: true })).toHaveCount(2);
    }
    await expect(page.locator('#tools h3')).toHaveCount(5);
    await expect(page.getByRole('complementary', { name: /Warning/ })).toContainText('GDPR');
    expect(await jsonLdTypes(page)).toContain('Article');
    expect(errors).toEqual([]);
  });

  test('automation guide: five automations, two code samples, roadmap and costs', async ({ page }) => {
    const errors = await open(page, '/reports/n8n-sales-automation');
    await expect(page.locator('#automations h3')).toHaveCount(5);

    const json = page.getByRole('region', { name: /JSON code/ });
    const js = page.getByRole('region', { name: /JavaScript code/ });
    await expect(json).toHaveAttribute('tabindex', '0');
    await expect(js).toHaveAttribute('tabindex', '0');
    // The workflow excerpt is valid n8n JSON.
    const workflow = JSON.parse((await json.textContent()) ?? '');
    expect(workflow.nodes.map((n: { type: string }) => n.type)).toContain('n8n-nodes-base.code');
    expect(Object.keys(workflow.connections)).toContain('Signal webhook');
    await expect(js).toContainText('$input.all()');
    // The code scrolls sideways on its own, not the page, and is reachable by keyboard.
    await js.focus();
    await expect(js).toBeFocused();

    await expect(page.locator('#roadmap h3')).toHaveCount(4);
    const costs = page.getByRole('table', { name: /1,000 signals/ });
    await expect(costs.getByRole('rowheader', { name: 'n8n self-hosted' })).toBeVisible();
    await expect(costs.getByRole('columnheader')).toHaveCount(5);
    expect(await jsonLdTypes(page)).toContain('TechArticle');
    expect(errors).toEqual([]);
  });

  test('intent engine: eight sections, the 4-layer diagram and the demo button', async ({ page }) => {
    const errors = await open(page, '/reports/signal-intent-engine');
    await expect(page.locator('main section h2')).toHaveCount(9); // eight sections and the closing block
    await expect(page.getByText('Section 8 of 8')).toBeVisible();
    await expect(page.locator('#architecture figure h3')).toHaveText(['Signal Capture', 'Enrichment', 'Decision', 'Activation']);
    const demo = page.getByRole('link', { name: 'Try the Engine in the Live Demo' });
    await expect(demo).toHaveAttribute('href', '/demo');
    expect(await jsonLdTypes(page)).toContain('TechArticle');
    expect(errors).toEqual([]);
    await demo.click();
    await expect(page).toHaveURL(/\/demo$/);
  });
});

test.describe('AI-first optimization guide', () => {
  const path = '/reports/ai-first-optimization-guide';

  test('five phases with steps, code and checklists, and the results timeline', async ({ page }) => {
    const errors = await open(page, path);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    const phases = [
      ['technical-foundation', 'Technical foundation', 'Weeks 1-2'],
      ['content-authority', 'Content authority', 'Weeks 3-6'],
      ['authority-signals', 'Authority signals', 'Weeks 7-10'],
      ['content-optimization', 'Content optimization', 'Weeks 11-12'],
      ['ongoing-monitoring', 'Ongoing monitoring', 'Ongoing'],
    ];
    for (const [id, title, weeks] of phases) {
      const section = page.locator(`#${id}`);
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(title);
      await expect(section).toContainText(weeks);
      expect(await section.locator('ol > li h3').count()).toBeGreaterThanOrEqual(3);
      expect(await section.locator('pre').count()).toBeGreaterThanOrEqual(1);
      await expect(section.getByRole('form')).toBeVisible();
    }
    await expect(page.locator('#technical-foundation pre').first()).toContainText('User-agent: GPTBot');
    await expect(page.locator('#expected-results h3')).toHaveCount(5);
    expect(await jsonLdTypes(page)).toEqual(expect.arrayContaining(['TechArticle', 'HowTo']));
    expect(errors).toEqual([]);
  });

  test('checklist checkboxes toggle, go indeterminate, ignore Enter, reset, and are not kept', async ({ page }) => {
    await open(page, path);
    const form = page.getByRole('form', { name: 'Technical foundation checklist' });
    const all = form.getByRole('checkbox', { name: 'Mark every item done' });
    const first = form.getByRole('checkbox', { name: /robots\.txt allows/ });

    await first.click();
    await expect(first).toBeChecked();
    await expect(form).toContainText('1 of 6 done');
    expect(await all.evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(true);

    await first.click();
    await expect(first).not.toBeChecked();
    await first.click();

    // An indeterminate box becomes checked, and checks the whole list.
    await all.click();
    await expect(all).toBeChecked();
    expect(await all.evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(false);
    await expect(form).toContainText('6 of 6 done');
    await expect(form.getByRole('checkbox')).toHaveCount(7);

    // Enter does nothing on a checkbox.
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toBeChecked();

    await form.getByRole('button', { name: 'Clear checklist' }).click();
    await expect(form).toContainText('0 of 6 done');
    await expect(first).not.toBeChecked();
    await expect(all).not.toBeChecked();

    // Ticks are not persisted.
    await first.click();
    await page.reload();
    await hydrated(page);
    await expect(
      page.getByRole('form', { name: 'Technical foundation checklist' }).getByRole('checkbox', { name: /robots\.txt allows/ }),
    ).not.toBeChecked();
  });

  test('Book Demo Call opens the scheduling page in a new tab', async ({ page }) => {
    await open(page, path);
    const book = page.getByRole('link', { name: /Book Demo Call/ }).first();
    await expect(book).toHaveAttribute('href', calendarUrl);
    await expect(book).toHaveAttribute('target', '_blank');
    await expect(book).toHaveAttribute('rel', /noopener/);
  });
});
