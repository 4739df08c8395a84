import { expect } from '@playwright/test';
import { hydrated, test, watchConsole } from './fixtures';

const sections = [
  ['information-we-collect', 'Information we collect'],
  ['how-we-use-information', 'How we use information'],
  ['data-security', 'Data security'],
  ['third-parties', 'Third parties'],
  ['your-rights', 'Your rights'],
  ['contact', 'Contact'],
];

test.describe('/privacy', () => {
  test('shows the policy, last updated January 2025, with its six sections in order', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/privacy');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByText('Last updated January 2025')).toBeVisible();
    for (const [i, [id, title]] of sections.entries()) {
      await expect(page.locator(`section#${id} h2`)).toHaveText(`${i + 1}. ${title}`);
    }
    // What the product actually stores.
    const main = page.getByRole('main');
    await expect(main).toContainText('never store the IP address');
    await expect(main).toContainText('no cookies');
    await expect(main).toContainText('session cookie');
    await expect(main).toContainText('We do not sell, rent or trade personal data');
    expect(errors).toEqual([]);
  });

  test('the contact address is a mailto link', async ({ page }) => {
    await page.goto('/privacy');
    await hydrated(page);
    const mail = page.locator('section#contact').getByRole('link', { name: 'privacy@signalpipe.io' });
    await expect(mail).toHaveAttribute('href', 'mailto:privacy@signalpipe.io');
  });

  test('the contents list jumps to each section', async ({ page }) => {
    await page.goto('/privacy');
    await hydrated(page);
    const toc = page.getByRole('navigation', { name: 'Sections of this policy' });
    await expect(toc.getByRole('link')).toHaveCount(6);
    await toc.getByRole('link', { name: '5. Your rights' }).click();
    await expect(page).toHaveURL(/#your-rights$/);
    await expect(page.locator('section#your-rights h2')).toBeInViewport();
  });

  test('is prerendered with its own title and canonical link', async ({ request, baseURL }) => {
    const html = await (await request.get('/privacy')).text();
    expect(html).toContain('<title>Privacy Policy | Signalpipe</title>');
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/privacy"`);
    expect(html).toContain('Last updated January 2025');
  });

  test('has no serious or critical accessibility violations', async ({ page, axe }) => {
    test.slow(); // axe on a long page
    await page.goto('/privacy');
    await hydrated(page);
    expect(await axe.blockingViolations()).toEqual([]);
  });
});
