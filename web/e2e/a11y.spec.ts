import { expect } from '@playwright/test';
import { hydrated, test } from './fixtures';

const pages = [
  { name: 'home', path: '/' },
  { name: 'not-found', path: '/this-page-does-not-exist' },
];

for (const { name, path } of pages) {
  test(`${name} has no serious or critical accessibility violations`, async ({ page, axe }) => {
    test.setTimeout(120_000);
    await page.goto(path);
    await hydrated(page);
    expect(await axe.blockingViolations()).toEqual([]);
  });
}
