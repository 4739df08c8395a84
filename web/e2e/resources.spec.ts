import { expect, type Page } from '@playwright/test';
import { calendarUrl, hydrated, test, watchConsole } from './fixtures';

const jsonLdInHead = 'head script[type="application/ld+json"][data-page-jsonld]';

const guides = [
  ['b2c-cold-email-playbook', '48'],
  ['lead-scraping-directory', '62'],
  ['n8n-sales-automation', '55'],
  ['signal-breach-report', '42'],
  ['ai-first-optimization-guide', '75'],
  ['signal-intent-engine', '35'],
];

/** Marks the current document; the mark survives client-side navigation but not a full page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}

async function isSameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

function toolCard(page: Page, title: string) {
  return page.locator('#tools li').filter({ has: page.getByRole('heading', { level: 3, name: title }) });
}

test.describe('/resources', () => {
  test('renders the four tool cards with the ROI calculator marked most popular', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/resources');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#tools').getByRole('heading', { level: 3 })).toHaveText([
      'ROI Calculator',
      'Sales Signal Checklist',
      'Integration Guide',
      'HTML to PDF Converter',
    ]);
    await expect(toolCard(page, 'ROI Calculator').getByText('Most popular')).toBeVisible();
    await expect(page.getByText('Most popular')).toHaveCount(1);

    const links: Array<[string, string]> = [
      ['ROI Calculator', '/resources/roi-calculator'],
      ['Sales Signal Checklist', '/sales-signal-checklist.pdf'],
      ['Integration Guide', '/docs/api'],
      ['HTML to PDF Converter', '/tools/pdf-converter'],
    ];
    for (const [title, href] of links) {
      await expect(toolCard(page, title).getByRole('link')).toHaveAttribute('href', href);
    }
    expect(errors).toEqual([]);
  });

  test('the calculator card opens by full page load', async ({ page }) => {
    await page.goto('/resources');
    await hydrated(page);
    await markDocument(page);
    await toolCard(page, 'ROI Calculator')
      .getByRole('link', { name: /Calculate Your ROI/ })
      .click();
    await expect(page).toHaveURL(/\/resources\/roi-calculator$/);
    await hydrated(page);
    expect(await isSameDocument(page)).toBe(false);
  });

  test('the converter card opens by full page load', async ({ page }) => {
    await page.goto('/resources');
    await hydrated(page);
    await markDocument(page);
    await toolCard(page, 'HTML to PDF Converter')
      .getByRole('link', { name: /Open the PDF Converter/ })
      .click();
    await expect(page).toHaveURL(/\/tools\/pdf-converter$/);
    await hydrated(page);
    expect(await isSameDocument(page)).toBe(false);
  });

  test('the integration guide card navigates inside the app to /docs/api', async ({ page }) => {
    await page.goto('/resources');
    await hydrated(page);
    await markDocument(page);
    await toolCard(page, 'Integration Guide')
      .getByRole('link', { name: /Read the Integration Guide/ })
      .click();
    await expect(page).toHaveURL(/\/docs\/api$/);
    expect(await isSameDocument(page)).toBe(true);
  });

  test('the Sales Signal Checklist is a real PDF made by the converter', async ({ page, request }) => {
    await page.goto('/resources');
    await hydrated(page);
    const link = toolCard(page, 'Sales Signal Checklist').getByRole('link');
    await expect(link).toHaveAttribute('href', '/sales-signal-checklist.pdf');
    await expect(link).toHaveText(/Get the Sales Signal Checklist/);

    const res = await request.get('/sales-signal-checklist.pdf');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    const pdf = await res.body();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
  });

  test('lists the six downloadable guides in order, linking to their reports', async ({ page }) => {
    await page.goto('/resources');
    await hydrated(page);
    const cards = page.locator('#guides > ul > li');
    await expect(cards).toHaveCount(6);
    for (const [i, [slug, pages]] of guides.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('link')).toHaveAttribute('href', `/reports/${slug}`);
      await expect(card.locator('dt', { hasText: 'Pages' }).locator('xpath=following-sibling::dd[1]')).toHaveText(pages);
      await expect(card.locator('dt')).toHaveText(['Pages', 'Strategies', 'Templates']);
      expect(await card.locator('ul li').count()).toBeGreaterThanOrEqual(3);
    }
    // The learning and case-study lists are empty, so their sections are not rendered.
    await expect(page.locator('#learning')).toHaveCount(0);
    await expect(page.locator('#case-studies')).toHaveCount(0);

    await cards.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/reports\/b2c-cold-email-playbook$/);
  });

  test('closing section: Start Free Trial to onboarding, Book a Demo to the calendar in a new tab', async ({ page }) => {
    await page.goto('/resources');
    await hydrated(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/onboarding');
    const demo = main.getByRole('link', { name: /^Book a Demo/ });
    await expect(demo).toHaveAttribute('href', calendarUrl);
    await expect(demo).toHaveAttribute('target', '_blank');
    await expect(demo).toHaveAttribute('rel', /noopener/);
  });

  test('CollectionPage data is added to head on entering and removed on leaving', async ({ page, baseURL }) => {
    // The use cases page has its own WebPage data in head (docs/product.md §3.3).
    const typesInHead = () =>
      page.evaluate((sel) => [...document.querySelectorAll(sel)].map((s) => JSON.parse(s.textContent ?? '{}')['@type']), jsonLdInHead);
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator(jsonLdInHead)).toHaveCount(0);

    // Enter client-side from the use cases page's closing section.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Use Cases' }).click();
    await expect(page).toHaveURL(/\/use-cases$/);
    await page.getByRole('main').getByRole('link', { name: 'Browse Free Sales Resources' }).click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect.poll(typesInHead).toEqual(['CollectionPage']);
    const data = JSON.parse((await page.locator(jsonLdInHead).textContent()) ?? '{}');
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('CollectionPage');
    expect(data.url).toBe(`${baseURL}/resources`);
    const urls = data.mainEntity.itemListElement.map((e: { url: string }) => new URL(e.url).pathname);
    expect(urls).toContain('/resources/roi-calculator');
    expect(urls).toContain('/reports/signal-intent-engine');

    // Leave client-side: the data goes with the page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Use Cases' }).click();
    await expect(page).toHaveURL(/\/use-cases$/);
    await expect.poll(typesInHead).toEqual(['WebPage']);

    // Back again: added once more, never duplicated.
    await page.goBack();
    await expect(page).toHaveURL(/\/resources$/);
    await expect.poll(typesInHead).toEqual(['CollectionPage']);
  });

  test('CollectionPage data is present after a direct load too', async ({ page }) => {
    await page.goto('/resources');
    await hydrated(page);
    await expect(page.locator(jsonLdInHead)).toHaveCount(1);
  });

  test('has no serious or critical accessibility violations', async ({ page, axe }) => {
    test.slow(); // axe on a long page
    await page.goto('/resources');
    await hydrated(page);
    expect(await axe.blockingViolations()).toEqual([]);
  });
});
