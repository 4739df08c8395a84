import { expect } from '@playwright/test';
import { calendarUrl, hydrated, test, watchConsole } from './fixtures';

test.describe('/use-cases', () => {
  test('renders industries, team sizes and the four challenges', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/use-cases');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buying signals for every team that sells B2B');

    const industries = page.locator('#industries');
    await expect(industries.getByRole('heading', { level: 2 })).toHaveText('Solutions by industry');
    await expect(industries.getByRole('heading', { level: 3 })).toHaveText(['SaaS', 'Recruitment', 'B2B Services', 'Agencies']);
    for (const id of ['saas', 'recruitment', 'b2b-services', 'agencies']) {
      const card = page.locator(`article#${id}`);
      await expect(card.getByRole('heading', { name: 'The challenge' })).toBeVisible();
      await expect(card.getByRole('heading', { name: 'How teams use Signalpipe' })).toBeVisible();
      await expect(card.locator('figure blockquote')).toBeVisible();
      await expect(card.locator('figcaption')).not.toBeEmpty();
    }

    const teams = page.locator('#team-size');
    await expect(teams.getByRole('heading', { level: 2 })).toHaveText('Solutions by team size');
    await expect(teams.getByRole('heading', { level: 3 })).toHaveText(['Startups (1-10)', 'Scale-ups (10-50)', 'Enterprise (50+)']);
    await expect(teams.getByRole('heading', { name: 'Ideal for' })).toHaveCount(3);

    const challenges = page.locator('#challenges');
    await expect(challenges.getByRole('heading', { level: 3 })).toHaveCount(4);
    await expect(challenges.getByText('How Signalpipe solves it')).toHaveCount(4);
    await expect(challenges.getByText('Impact', { exact: true })).toHaveCount(4);
    expect(errors).toEqual([]);
  });

  test('Book a Demo and Book a Call open the scheduling page in a new tab', async ({ page }) => {
    await page.goto('/use-cases');
    await hydrated(page);
    for (const name of [/^Book a Demo/, /^Book a Call/]) {
      const link = page.getByRole('main').getByRole('link', { name });
      await expect(link).toHaveAttribute('href', calendarUrl);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    await expect(page.getByRole('main').getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/onboarding');
  });

  test('the industry chips jump to each industry', async ({ page }) => {
    await page.goto('/use-cases');
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Industries' }).getByRole('link', { name: 'Agencies' }).click();
    await expect(page).toHaveURL(/#agencies$/);
    await expect(page.locator('article#agencies h3')).toBeInViewport();
  });

  test('prerendered HTML carries the WebPage structured data in its head', async ({ request, baseURL }) => {
    const html = await (await request.get('/use-cases')).text();
    const [head, body] = html.split('</head>');
    expect(body).not.toContain('application/ld+json');
    const blocks = [...head.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    const page = blocks.find((b) => b['@type'] === 'WebPage');
    expect(page).toBeTruthy();
    expect(page.url).toBe(`${baseURL}/use-cases`);
    expect(page.mainEntity.itemListElement.map((e: { item: { name: string } }) => e.item.name)).toEqual([
      'Buying-intent lead generation for SaaS',
      'Buying-intent lead generation for Recruitment',
      'Buying-intent lead generation for B2B Services',
      'Buying-intent lead generation for Agencies',
    ]);
  });

  test('the structured data stays in the head once, and leaves with the page', async ({ page }) => {
    const types = (where: 'head' | 'body') =>
      page.evaluate(
        (w) => [...document[w].querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '')['@type']),
        where,
      );
    await page.goto('/use-cases');
    await hydrated(page);
    expect(await types('head')).toEqual(['WebPage']);
    expect(await types('body')).toEqual([]);
    await page.getByRole('main').getByRole('link', { name: 'Browse Free Sales Resources' }).click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect.poll(() => types('head')).toEqual(['CollectionPage']);
    await page.goBack();
    await expect(page).toHaveURL(/\/use-cases$/);
    await expect.poll(() => types('head')).toEqual(['WebPage']);
  });

  test('has no serious or critical accessibility violations', async ({ page, axe }) => {
    test.slow(); // axe on a long page
    await page.goto('/use-cases');
    await hydrated(page);
    expect(await axe.blockingViolations()).toEqual([]);
  });
});
