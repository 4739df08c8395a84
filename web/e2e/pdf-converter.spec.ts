import { readFile } from 'node:fs/promises';
import { expect, type Download, type Page } from '@playwright/test';
import { hydrated, test, watchConsole } from './fixtures';

const path = '/tools/pdf-converter';
// The server starts its Chromium on the first conversion; on a busy machine that takes a while.
const converted = { timeout: 45_000 };

const convertButton = (page: Page) => page.getByRole('button', { name: /^(Convert to PDF|Converting\.\.\.)$/ });
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

async function open(page: Page) {
  await page.goto(path);
  await hydrated(page);
}

/** Clicks Download PDF and returns the download and the first bytes of the saved file. */
async function download(page: Page): Promise<{ file: Download; head: string }> {
  const started = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click(converted);
  const file = await started;
  const bytes = await readFile((await file.path())!);
  return { file, head: bytes.subarray(0, 5).toString('latin1') };
}

test.describe('HTML to PDF converter', () => {
  test.slow(); // real conversions on a shared machine
  test('paste mode: Converting..., Success!, Download PDF saves {fileName}.pdf, a real PDF', async ({ page }) => {
    const errors = watchConsole(page);
    await open(page);
    await expect(page.getByRole('radio', { name: 'Paste HTML' })).toBeChecked();
    await expect(page.getByLabel('HTML content')).toHaveValue('');
    await expect(convertButton(page)).toBeDisabled();

    await page.getByLabel('HTML content').fill('<h1>Account plan: Acme</h1><p>Hiring three SDRs.</p>');
    await page.getByLabel('File name (optional)').fill('acme-plan');
    // Hold the request until the running state has been seen, then let the real server answer.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/convert-pdf', async (route) => {
      await held;
      await route.continue();
    });
    const request = page.waitForRequest('**/api/convert-pdf');
    await convertButton(page).click();
    expect((await request).postDataJSON()).toEqual({
      html: '<h1>Account plan: Acme</h1><p>Hiring three SDRs.</p>',
      fileName: 'acme-plan',
    });
    await expect(convertButton(page)).toHaveText('Converting...');
    await expect(convertButton(page)).toBeDisabled();
    await expect(convertButton(page)).toHaveAttribute('aria-busy', 'true');
    release();

    await expect(toast(page, 'Success!')).toContainText('Your PDF has been generated successfully.', converted);
    await expect(page.getByRole('link', { name: 'Download PDF' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Convert Another' })).toBeVisible();
    const { file, head } = await download(page);
    expect(file.suggestedFilename()).toBe('acme-plan.pdf');
    expect(head).toBe('%PDF-');
    expect(errors).toEqual([]);
  });

  test('without a file name the download is converted-document.pdf', async ({ page }) => {
    await open(page);
    await page.getByLabel('HTML content').fill('<p>Hello</p>');
    await convertButton(page).click();
    const { file, head } = await download(page);
    expect(file.suggestedFilename()).toBe('converted-document.pdf');
    expect(head).toBe('%PDF-');
  });

  test('upload mode: an .html file is read and its name becomes the file name', async ({ page }) => {
    await open(page);
    await page.getByRole('radio', { name: 'Upload file' }).check();
    await expect(page.getByLabel('HTML content')).toHaveCount(0);
    await expect(page.getByLabel('HTML file')).toHaveAttribute('accept', '.html');
    await page.getByLabel('HTML file').setInputFiles({
      name: 'q3-review.html',
      mimeType: 'text/html',
      buffer: Buffer.from('<!doctype html><h1>Q3 review</h1>'),
    });
    await expect(page.getByLabel('File name (optional)')).toHaveValue('q3-review');
    await expect(page.getByText('q3-review.html')).toBeVisible();
    await convertButton(page).click();
    await expect(toast(page, 'Success!')).toBeVisible(converted);
    const { file, head } = await download(page);
    expect(file.suggestedFilename()).toBe('q3-review.pdf');
    expect(head).toBe('%PDF-');
  });

  test('a file that is not .html is refused with Invalid file type', async ({ page }) => {
    await open(page);
    await page.getByRole('radio', { name: 'Upload file' }).check();
    await page.getByLabel('HTML file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('<p>hi</p>') });
    await expect(toast(page, 'Invalid file type')).toContainText('Please upload an HTML file.');
    await expect(page.getByLabel('File name (optional)')).toHaveValue('');
    await expect(convertButton(page)).toBeDisabled();
  });

  test('blank content is refused with No content and nothing is sent', async ({ page }) => {
    await open(page);
    let sent = 0;
    page.on('request', (r) => r.url().endsWith('/api/convert-pdf') && sent++);
    await page.getByLabel('HTML content').fill('   ');
    await convertButton(page).click();
    await expect(toast(page, 'No content')).toContainText('Please paste HTML content or upload an HTML file.');
    expect(sent).toBe(0);
  });

  test('a refused conversion says Conversion failed with the status text', async ({ page }) => {
    await open(page);
    await page.route('**/api/convert-pdf', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: '{"error":"busy"}' }),
    );
    await page.getByLabel('HTML content').fill('<p>x</p>');
    await convertButton(page).click();
    await expect(toast(page, 'Conversion failed')).toContainText('Conversion failed: Too Many Requests');
    await expect(convertButton(page)).toHaveText('Convert to PDF');
    await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveCount(0);
  });

  test('Convert Another clears the html, the file name and the PDF, back in paste mode', async ({ page }) => {
    await open(page);
    await page.getByRole('radio', { name: 'Upload file' }).check();
    await page.getByLabel('HTML file').setInputFiles({ name: 'brief.html', mimeType: 'text/html', buffer: Buffer.from('<p>Brief</p>') });
    await convertButton(page).click();
    const href = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href', converted);
    expect(href).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Convert Another' }).click();

    await expect(page.getByRole('radio', { name: 'Paste HTML' })).toBeChecked();
    await expect(page.getByLabel('HTML content')).toHaveValue('');
    await expect(page.getByLabel('HTML content')).toBeFocused();
    await expect(page.getByLabel('File name (optional)')).toHaveValue('');
    await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveCount(0);
    await expect(convertButton(page)).toBeDisabled();
    // The object URL was released: fetching it now fails.
    const alive = await page.evaluate(
      (u) =>
        fetch(u!).then(
          () => true,
          () => false,
        ),
      href,
    );
    expect(alive).toBe(false);
  });

  test('has no serious or critical accessibility violations', async ({ page, axe }) => {
    test.slow();
    await open(page);
    expect(await axe.blockingViolations()).toEqual([]);
  });
});
