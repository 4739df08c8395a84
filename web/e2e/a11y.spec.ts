import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { hydrated } from './fixtures';

const pages = [
  { name: 'home', path: '/' },
  { name: 'not-found', path: '/this-page-does-not-exist' },
];

for (const { name, path } of pages) {
  test(`${name} has no serious or critical accessibility violations`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(path);
    await hydrated(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(blocking).toEqual([]);
  });
}
