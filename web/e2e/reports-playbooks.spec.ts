import { expect, type Page } from '@playwright/test';
import { hydrated, test, watchConsole } from './fixtures';

/** Every report page the index links to, in the order it shows them. */
const reports = [
  { slug: 'ai-first-optimization-guide', title: 'AI-First Optimization Guide' },
  { slug: 'b2c-cold-email-playbook', title: 'B2C Cold Email Playbook' },
  { slug: 'lead-scraping-directory', title: 'Lead Scraping Tools Directory' },
  { slug: 'b2c-connector-playbook', title: 'The Connector Playbook' },
  { slug: 'conversion-index', title: 'Cold Email Conversion Index' },
  { slug: 'parkwise-case-study', title: 'Parkwise Case Study' },
  { slug: 'signal-breach-report', title: 'The Sales System Guide: Breach Edition' },
  { slug: 'n8n-sales-automation', title: 'Sales Automation Guide' },
  { slug: 'signal-intent-engine', title: 'Inside the Signal Intent Engine' },
];

/** The four playbook pages of this spec and the section headings each must show. */
const playbooks = [
  {
    path: '/reports/b2c-cold-email-playbook',
    sections: [
      'Anti-Fragile Positioning',
      'The Two-Campaign System',
      'Campaign 1: Dentists',
      'Campaign 2: Spas and Salons',
      'Sales Call Scripts',
    ],
  },
  {
    path: '/reports/lead-scraping-directory',
    sections: ['How to Build a Stack from This Directory', '12 Categories of Lead Generation Tools', 'Skip the Tool Stack Entirely'],
  },
  {
    path: '/reports/b2c-connector-playbook',
    sections: ['Proven Results', 'The Connector Model', 'Three Revenue Streams', 'The Five-Step Process', 'Success Metrics'],
  },
  {
    path: '/reports/conversion-index',
    sections: [
      'Key Findings',
      'Top Industries by Reply Rate',
      'What Works and What Kills Conversion',
      'Seasonal Trends by Quarter',
      'Predictions for the Year Ahead',
    ],
  },
];

async function open(page: Page, path: string) {
  const errors = watchConsole(page);
  await page.goto(path);
  await hydrated(page);
  return errors;
}

test.describe('reports index', () => {
  test('shows the hero claims, a card per report and the closing block', async ({ page }) => {
    const errors = await open(page, '/reports');
    await expect(page.getByText('Premium Reports', { exact: true })).toBeVisible();
    for (const claim of ['275+', '99+', '89+']) {
      await expect(page.getByText(claim, { exact: true }).first()).toBeVisible();
    }
    const cards = page.locator('article');
    await expect(cards).toHaveCount(reports.length);
    for (const [i, r] of reports.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(r.title);
      await expect(card.getByRole('heading', { name: "What's Inside" })).toBeVisible();
      await expect(card.getByText(/\d+ pages · \d+ strategies/)).toBeVisible();
      await expect(card.getByRole('listitem')).not.toHaveCount(0);
      await expect(card.getByRole('link')).toHaveAttribute('href', `/reports/${r.slug}`);
    }
    await expect(page.getByRole('heading', { name: 'Get All Reports + Weekly Updates' })).toBeVisible();
    await expect(page.getByText(/10,000\+ sales professionals/)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('every card leads to its report page', async ({ page }) => {
    test.setTimeout(120_000); // nine page loads
    for (const r of reports) {
      await open(page, '/reports');
      await page
        .locator('article', { has: page.getByRole('heading', { name: r.title, exact: true }) })
        .getByRole('link')
        .click();
      await expect(page).toHaveURL(new RegExp(`/reports/${r.slug}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('Get Full Access goes to onboarding', async ({ page }) => {
    await open(page, '/reports');
    const cta = page.getByRole('link', { name: 'Get Full Access' });
    await expect(cta).toHaveAttribute('href', '/onboarding');
    await cta.click();
    await expect(page).toHaveURL(/\/onboarding$/);
  });
});

test.describe('playbook pages', () => {
  for (const { path, sections } of playbooks) {
    test(`${path} renders its sections, one h1 and Article data`, async ({ page }) => {
      const errors = await open(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      for (const name of sections) {
        await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
      }
      const types = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((nodes) => nodes.map((n) => JSON.parse(n.textContent ?? '{}')['@type']));
      expect(types.some((t) => t === 'Article' || t === 'Report')).toBe(true);
      expect(errors).toEqual([]);
    });

    test(`${path} ends with the growth-plan button that opens the booking dialog`, async ({ page }) => {
      await open(page, path);
      const button = page.getByRole('button', { name: 'Get Your Free AI Growth Plan' });
      await expect(button).toHaveCount(1);
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Book Your AI Strategy Session' });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
    });
  }
});

test.describe('accessibility', () => {
  for (const path of ['/reports', ...playbooks.map((p) => p.path)]) {
    test(`${path} has no serious or critical accessibility violations`, async ({ page, axe }) => {
      test.setTimeout(120_000); // axe on a long page
      await open(page, path);
      expect(await axe.blockingViolations()).toEqual([]);
    });
  }
});

test.describe('playbook content', () => {
  test('the cold email playbook shows two complete sample emails and two four-step scripts', async ({ page }) => {
    await open(page, '/reports/b2c-cold-email-playbook');
    const emails = page.locator('figure');
    await expect(emails).toHaveCount(2);
    for (const email of await emails.all()) {
      await expect(email.getByText('Subject', { exact: true })).toBeVisible();
      const [, chars, words] = (await email.getByText(/Subject \d+ characters/).textContent())!.match(
        /(\d+) characters · body (\d+) words/,
      )!;
      expect(Number(chars)).toBeLessThan(50);
      expect(Number(words)).toBeLessThan(150);
    }
    for (const script of ['Script 1: The Dentist Discovery Call', 'Script 2: The Spa and Salon Closing Call']) {
      const card = page.locator('article', { has: page.getByRole('heading', { name: script }) });
      await expect(card.getByRole('heading', { level: 4 })).toHaveCount(4);
    }
  });

  test('the directory lists 12 categories of tools with type and features', async ({ page }) => {
    await open(page, '/reports/lead-scraping-directory');
    const nav = page.getByRole('navigation', { name: 'Directory categories' });
    await expect(nav.getByRole('link')).toHaveCount(12);
    const categories = page.locator('section[id] section[id]');
    await expect(categories).toHaveCount(12);
    const counts = await categories.locator('h3 + span').allTextContents();
    expect(counts.slice(0, 11)).toEqual([12, 15, 10, 8, 9, 7, 8, 8, 6, 5, 12].map((n) => `${n} tools`));
    const tools = page.locator('section[id] section[id] li:has(> h4)');
    expect(await tools.count()).toBeGreaterThanOrEqual(100);
    const apollo = tools.filter({ has: page.getByRole('heading', { name: 'Apollo.io' }) });
    await expect(apollo.getByRole('list', { name: 'Apollo.io features' }).getByRole('listitem')).not.toHaveCount(0);
    await nav.getByRole('link', { name: /Local Business and Maps Data/ }).click();
    await expect(page).toHaveURL(/#local-business$/);
    await expect(page.getByRole('heading', { name: /Local Business and Maps Data/ })).toBeInViewport();
  });

  test('the connector playbook states the fee, share and retainer figures', async ({ page }) => {
    await open(page, '/reports/b2c-connector-playbook');
    const streams = page.locator('#revenue-streams');
    for (const text of ['$1,500-$3,500', '10% basic', '15% after 10 referrals', '25% exclusive', '$500-$2K']) {
      await expect(streams.getByText(text, { exact: true })).toBeVisible();
    }
    const metrics = page.locator('#metrics');
    for (const text of ['72 hours', '100', '$15']) {
      await expect(metrics.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.locator('#process ol > li')).toHaveCount(5);
  });

  test('the conversion index ranks industries with their change', async ({ page }) => {
    await open(page, '/reports/conversion-index');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Rank', 'Industry', 'Reply rate', 'Change']);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(8);
    await expect(rows.first().getByRole('rowheader')).not.toBeEmpty();
    await expect(rows.first().locator('td').last()).toContainText(/[+-]\d/);
    const works = page.locator('#what-works');
    for (const advice of [
      'Subject lines under 50 characters',
      'Bodies under 150 words',
      'Follow up every 3-5 days',
      'Send Tuesday to Thursday, 10-11 AM',
    ]) {
      await expect(works.getByText(advice, { exact: true })).toBeVisible();
    }
    await expect(page.locator('#seasonal-trends dt')).toHaveText([/^Q1/, /^Q2/, /^Q3/, /^Q4/]);
  });
});
