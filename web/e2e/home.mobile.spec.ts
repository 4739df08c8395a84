import { expect, test } from '@playwright/test';
import { hydrated } from './fixtures';

test('on a phone the signal text is cut at 80 characters', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const signal = 'Asked which intent data tools actually work for mid-market outbound; current vendor contract ends next month.';
  const table = page.getByRole('region', { name: 'Sample leads' });
  await expect(table.getByText(`${signal.slice(0, 80)}...`, { exact: true })).toBeVisible();
  await expect(table.getByText(`${signal.slice(0, 60)}...`, { exact: true })).toBeHidden();
});
