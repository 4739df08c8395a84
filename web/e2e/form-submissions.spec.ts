import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { hydrated } from './fixtures';

const empty = 'No submissions yet. Form data will appear here when submitted.';
const confirmText = 'Are you sure you want to clear all submissions? This action cannot be undone.';

const rows = [
  {
    timestamp: '2026-01-15T09:30:00.000Z',
    name: 'Ana Diaz',
    email: 'ana@acme.example',
    company: 'Acme, Inc.',
    monthlyRevenue: '1m_10m',
    targetRevenue: '$40',
    roadblock: 'Says "no budget"',
    bookingCapacity: '50',
    idealOutcome: 'Ten meetings\na month',
  },
  {
    timestamp: '2026-01-16T14:05:00.000Z',
    name: '',
    email: 'bo@beta.example',
    company: 'Beta',
    monthlyRevenue: '',
    targetRevenue: '',
    roadblock: 'Cut operational costs',
    bookingCapacity: '',
    idealOutcome: '',
  },
];

const expectedCsv =
  'Date/Time,Name,Email,Company,Monthly Revenue,Target Revenue,Roadblock,Booking Capacity,Ideal Outcome\n' +
  '2026-01-15T09:30:00.000Z,Ana Diaz,ana@acme.example,"Acme, Inc.",1m_10m,$40,"Says ""no budget""",50,"Ten meetings\na month"\n' +
  '2026-01-16T14:05:00.000Z,,bo@beta.example,Beta,,,Cut operational costs,,';

test.describe('Form Submissions Admin (/admindemo2)', () => {
  test('with nothing stored it shows the empty text and disables Export and Clear', async ({ page }) => {
    await page.goto('/admindemo2');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Form Submissions Admin');
    await expect(page.getByText(empty)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Clear All' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await expect(page.getByText(/first goes to the workflow webhook/)).toContainText('form-mail API, which needs an API key');
    await expect(page.getByText('Last refreshed:')).toBeVisible();
  });

  test.describe('with seeded rows', () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((seed) => localStorage.setItem('form_submissions', seed), JSON.stringify(rows));
      await page.goto('/admindemo2');
      await hydrated(page);
    });

    test('lists them in nine columns with a dash for missing values', async ({ page }) => {
      await expect(page.getByTestId('submission-count')).toHaveText('2');
      await expect(page.getByRole('columnheader')).toHaveText([
        'Date/Time',
        'Name',
        'Email',
        'Company',
        'Monthly Revenue',
        'Target Revenue',
        'Roadblock',
        'Booking Capacity',
        'Ideal Outcome',
      ]);
      const body = page.locator('tbody tr');
      await expect(body).toHaveCount(2);
      await expect(body.nth(0).getByRole('cell').nth(3)).toHaveText('Acme, Inc.');
      await expect(body.nth(1).getByRole('cell').nth(1)).toHaveText('—');
      await expect(page.getByText(empty)).toHaveCount(0);
    });

    test('Export CSV downloads the rows byte for byte', async ({ page }) => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`form_submissions_${new Date().toISOString().slice(0, 10)}.csv`);
      const path = await file.path();
      expect(await readFile(path, 'utf8')).toBe(expectedCsv);
    });

    test('Clear All asks first and empties the list only when confirmed', async ({ page }) => {
      page.once('dialog', async (dialog) => {
        expect(dialog.type()).toBe('confirm');
        expect(dialog.message()).toBe(confirmText);
        await dialog.dismiss();
      });
      await page.getByRole('button', { name: 'Clear All' }).click();
      await expect(page.locator('tbody tr')).toHaveCount(2);

      page.once('dialog', (dialog) => dialog.accept());
      await page.getByRole('button', { name: 'Clear All' }).click();
      await expect(page.getByText(empty)).toBeVisible();
      await expect(page.getByTestId('submission-count')).toHaveText('0');
      await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Clear All' })).toBeDisabled();
      expect(await page.evaluate(() => localStorage.getItem('form_submissions'))).toBeNull();
    });

    test('Refresh picks up submissions stored since the page loaded', async ({ page }) => {
      await page.evaluate(() => {
        const list = JSON.parse(localStorage.getItem('form_submissions') ?? '[]');
        list.push({ timestamp: '2026-01-17T08:00:00.000Z', email: 'cy@gamma.example', company: 'Gamma' });
        localStorage.setItem('form_submissions', JSON.stringify(list));
      });
      await expect(page.locator('tbody tr')).toHaveCount(2);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.locator('tbody tr')).toHaveCount(3);
      await expect(page.getByTestId('submission-count')).toHaveText('3');
    });
  });
});
