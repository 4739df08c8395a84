import { expect, test, type Page } from '@playwright/test';
import { calendarUrl, hydrated, watchConsole } from './fixtures';

/** Valid answers for every required onboarding field (and a few optional ones), by step. */
const onboardingAnswers: Record<number, Record<string, string>> = {
  1: {
    company_name: 'Acme Analytics',
    website: 'https://acme.example',
    contact_email: 'ana@acme.example',
    phone: '+1 555 0100',
    company_address: '1 Main Street, Springfield',
  },
  2: { offer_description: 'Revenue analytics for SaaS', key_benefits: 'Faster forecasts', differentiators: 'Signal-based' },
  3: {
    ideal_client: 'Series A-C SaaS companies',
    pain_points: 'Cold lists, low reply rates',
    decision_maker_titles: 'VP Sales, Head of Growth',
    primary_industry: 'Software',
    excluded_industries: 'None',
    ideal_companies: 'Linear, Vercel',
  },
  4: {},
  5: {},
  6: { effective_questions: 'How do you forecast today?', case_studies: 'Beta Corp doubled pipeline' },
  7: { monthly_lead_goal: '50', target_cost_per_lead: '$40', success_definition: 'Ten meetings a month' },
  8: { email_handler_name: 'Ana Diaz', email_handler_email: 'ana@acme.example' },
};

const stepTitles = [
  'Company Information',
  'Your Offer & Value',
  'Ideal Client Profile',
  'Signals & Triggers',
  'Lead Intelligence',
  'Messaging & Proof',
  'Goals & Metrics',
  'Final Details',
];

/** The visible step's title. */
const stepHeading = (page: Page) => page.getByRole('heading', { level: 2 });

/** Fills the visible step's fields from onboardingAnswers (and ticks the confirmations on step 8). */
async function fillStep(page: Page, step: number) {
  for (const [name, value] of Object.entries(onboardingAnswers[step] ?? {})) {
    await page.locator(`[name="${name}"]`).fill(value);
  }
  if (step === 3) await page.getByLabel('Small (11-50)').check();
  if (step === 8) {
    const boxes = page.locator('input[name="confirmations"]');
    await expect(boxes).toHaveCount(4);
    for (let i = 0; i < 4; i++) await boxes.nth(i).check();
  }
}

/** From step 1, fills every step and stops on step 8 with everything filled. */
async function walkToFinalStep(page: Page) {
  for (let step = 1; step <= 8; step++) {
    await expect(stepHeading(page)).toHaveText(stepTitles[step - 1]!);
    await fillStep(page, step);
    if (step < 8) await page.getByRole('button', { name: 'Next' }).click();
  }
}

const success = 'Form submitted successfully! Redirecting to booking page...';
const failure = 'Failed to submit form. Please try again.';

test.describe('onboarding', () => {
  test.beforeEach(async ({ page }) => {
    // The calendar opens in a new tab; keep it off the network.
    await page
      .context()
      .route('https://cal.example.com/**', (r) => r.fulfill({ contentType: 'text/html', body: '<title>Calendar</title>' }));
    await page.goto('/onboarding');
    await hydrated(page);
  });

  test('required fields block Next on the visible step only', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signal Onboard');
    await expect(stepHeading(page)).toHaveText('Company Information');
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    const progress = page.getByRole('progressbar');
    await expect(progress).toHaveAttribute('aria-valuenow', '0');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading(page)).toHaveText('Company Information');
    const companyName = page.locator('[name="company_name"]');
    expect(await companyName.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);

    await fillStep(page, 1);
    await page.locator('[name="website"]').fill('not a url');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading(page)).toHaveText('Company Information');

    await page.locator('[name="website"]').fill('https://acme.example');
    // The optional revenue select does not block.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading(page)).toHaveText('Your Offer & Value');
    await expect(progress).toHaveAttribute('aria-valuenow', '12.5');
    // Step 2's own required fields now block; step 1's are out of the form.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading(page)).toHaveText('Your Offer & Value');
    await expect(page.locator('[name="company_name"]')).toHaveCount(0);

    // The company size group is marked required but is not enforced.
    await fillStep(page, 2);
    await page.getByRole('button', { name: 'Next' }).click();
    await fillStep(page, 3);
    await page.getByLabel('Small (11-50)').uncheck();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading(page)).toHaveText('Signals & Triggers');
  });

  test('answers survive a reload during the session', async ({ page }) => {
    await fillStep(page, 1);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('[name="offer_description"]').fill('Half-written answer');
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('signalpipe_onboarding_draft') ?? ''))
      .toContain('Half-written answer');
    await page.reload();
    await hydrated(page);
    await expect(stepHeading(page)).toHaveText('Your Offer & Value');
    await expect(page.locator('[name="offer_description"]')).toHaveValue('Half-written answer');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.locator('[name="company_name"]')).toHaveValue('Acme Analytics');
  });

  test('a full walk-through submits, toasts success and opens the calendar', async ({ page }) => {
    const errors = watchConsole(page);
    await walkToFinalStep(page);
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '87.5');

    const request = page.waitForRequest((r) => r.url().endsWith('/api/onboarding') && r.method() === 'POST');
    const response = page.waitForResponse((r) => r.url().endsWith('/api/onboarding'));
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Submit' }).click();

    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      company_name: 'Acme Analytics',
      contact_email: 'ana@acme.example',
      monthly_lead_goal: 50,
      company_sizes: ['Small (11-50)'],
      source: 'signalpipe_onboarding',
    });
    expect(body.confirmations).toHaveLength(4);
    expect(new Date(String(body.submitted_at)).toISOString()).toBe(body.submitted_at);
    expect((await response).status()).toBe(201);

    await expect(page.getByText(success)).toBeVisible();
    const calendar = await popup;
    await expect.poll(() => calendar.url()).toContain(calendarUrl);

    const local = await page.evaluate(() => JSON.parse(localStorage.getItem('form_submissions') ?? '[]'));
    expect(local).toEqual([
      expect.objectContaining({
        name: 'Ana Diaz',
        email: 'ana@acme.example',
        company: 'Acme Analytics',
        targetRevenue: '$40',
        roadblock: 'Cold lists, low reply rates',
        bookingCapacity: '50',
        idealOutcome: 'Ten meetings a month',
      }),
    ]);
    expect(await page.evaluate(() => sessionStorage.getItem('signalpipe_onboarding_draft'))).toBeNull();
    expect(errors).toEqual([]);
  });

  test('a server error shows the failure toast and keeps the answers', async ({ page }) => {
    await page.route('**/api/onboarding', (r) => r.fulfill({ status: 500 }));
    let opened = false;
    page.context().on('page', () => (opened = true));
    await walkToFinalStep(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(failure)).toBeVisible();
    await expect(page.getByText(success)).toHaveCount(0);
    await expect(stepHeading(page)).toHaveText('Final Details');
    await expect(page.locator('[name="email_handler_name"]')).toHaveValue('Ana Diaz');
    expect(opened).toBe(false);
  });
});
