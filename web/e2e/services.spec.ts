import { expect } from '@playwright/test';
import { hydrated, test, watchConsole } from './fixtures';

const services = [
  { path: '/services/ai-signal-detection', name: 'AI Signal Detection', h1: 'Know who is ready to buy before they fill in a form' },
  {
    path: '/services/lead-enrichment',
    name: 'Lead Enrichment and Verification',
    h1: 'Every lead arrives with a contact you can actually reach',
  },
  { path: '/services/sales-intelligence', name: 'Sales Intelligence', h1: 'Know why a prospect is in market, not just that they exist' },
  { path: '/services/community-monitoring', name: 'Community Monitoring', h1: 'Be in the thread when your buyers ask for help' },
];

for (const service of services) {
  test.describe(service.path, () => {
    test('renders hero, feature cards, process, FAQ and the other services', async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto(service.path);
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(service.h1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      for (const id of ['features', 'how-it-works', 'outcomes', 'faq', 'more-services']) {
        await expect(page.locator(`#${id} h2`)).toBeVisible();
      }
      await expect(page.locator('#features h3')).toHaveCount(6);
      await expect(page.getByRole('heading', { level: 2, name: `${service.name}: common questions` })).toBeVisible();
      // The other three services are linked, this one is not.
      await expect(page.locator('#more-services a')).toHaveCount(3);
      await expect(page.locator(`#more-services a[href="${service.path}"]`)).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    test('calls to action go to /onboarding and /resources', async ({ page }) => {
      await page.goto(service.path);
      await hydrated(page);
      const main = page.getByRole('main');
      const trial = main.getByRole('link', { name: 'Start Free Trial' });
      await expect(trial).toHaveCount(2);
      for (const link of await trial.all()) await expect(link).toHaveAttribute('href', '/onboarding');
      const resources = main.getByRole('link', { name: 'Browse Free Sales Resources' });
      await expect(resources).toHaveCount(2);
      for (const link of await resources.all()) await expect(link).toHaveAttribute('href', '/resources');

      await trial.first().click();
      await expect(page).toHaveURL(/\/onboarding$/);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${service.path}$`));
      await page.getByRole('main').getByRole('link', { name: 'Browse Free Sales Resources' }).last().click();
      await expect(page).toHaveURL(/\/resources$/);
    });

    test('FAQ answers open on click', async ({ page }) => {
      await page.goto(service.path);
      await hydrated(page);
      const first = page.locator('#faq details').first();
      await expect(first).not.toHaveAttribute('open', '');
      await first.locator('summary').click();
      await expect(first).toHaveAttribute('open', '');
      await expect(first.locator('p')).toBeVisible();
    });

    test('prerendered HTML carries title, canonical, keywords and Service + FAQPage data', async ({ request, baseURL }) => {
      const res = await request.get(service.path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<title>${service.name} | Signalpipe</title>`);
      expect(html).toContain(`<link rel="canonical" href="${baseURL}${service.path}"`);
      expect(html).toMatch(/<meta name="keywords" content="[^"]{20,}"/);
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
      const svc = blocks.find((b) => b['@type'] === 'Service');
      expect(svc).toBeTruthy();
      expect(svc.name).toBe(service.name);
      expect(svc.url).toBe(`${baseURL}${service.path}`);
      expect(svc.provider['@id']).toBe(`${baseURL}/#organization`);
      expect(blocks.some((b) => b['@type'] === 'FAQPage' && b.mainEntity.length >= 5)).toBe(true);
    });
  });
}

for (const { path } of services) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page, axe }) => {
    test.slow(); // axe on a long page
    await page.goto(path);
    await hydrated(page);
    expect(await axe.blockingViolations()).toEqual([]);
  });
}
