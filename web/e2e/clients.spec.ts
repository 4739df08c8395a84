import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { admin, blockingViolations, hydrated, origin, test } from './fixtures';

const confirmations = [
  'The information I have provided is accurate and complete to the best of my knowledge.',
  'I will respond to the leads Signalpipe delivers promptly, within the response time chosen above.',
  'I am authorised to share this information and to make decisions on behalf of my company.',
  'I agree that Signalpipe may contact me about this onboarding and my lead delivery.',
];

/** Submits an onboarding questionnaire through the public API, as the form does. */
async function submitOnboarding(request: APIRequestContext, company: string) {
  const res = await request.post('/api/onboarding', {
    headers: { Origin: origin },
    data: {
      company_name: company,
      website: 'https://pipeline.example',
      contact_email: 'ops@pipeline.example',
      phone: '+1 555 010 0000',
      company_address: '1 Main St, Springfield',
      offer_description: 'Recruiting for sales teams that are hiring',
      key_benefits: 'Faster sales hiring',
      differentiators: 'Sales hiring specialists',
      ideal_client: 'B2B SaaS',
      pain_points: 'hiring a sales team, scaling sales',
      decision_maker_titles: 'VP Sales, Head of Sales, Founder',
      primary_industry: 'Software',
      excluded_industries: 'Gambling',
      ideal_companies: 'Series A SaaS companies',
      effective_questions: 'How do you track deals today?',
      case_studies: 'Acme doubled its reply rate',
      company_sizes: ['Small (11-50)', 'Medium (51-200)'],
      trigger_events: ['Rapid hiring/expansion'],
      monthly_lead_goal: 200,
      email_handler_name: 'Ana Diaz',
      email_handler_email: `ana-${Date.now()}@pipeline.example`,
      confirmations,
      source: 'signalpipe_onboarding',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Another client with leads of its own (through the admin API), so the portal has someone else's leads to not show. */
async function otherClientWithLeads(page: Page): Promise<string> {
  const csrf = ((await (await page.request.get('/api/admin/session')).json()) as { csrfToken: string }).csrfToken;
  const headers = { Origin: origin, 'X-CSRF-Token': csrf };
  const icp = { targetTitles: ['VP Sales', 'Founder'], industries: ['Software'], companySize: '11-200' };
  const client = (await (await page.request.post('/api/admin/clients', { headers, data: { name: 'Other Tenant', icp } })).json()) as {
    id: string;
  };
  const agent = (await (
    await page.request.post(`/api/admin/clients/${client.id}/agents`, { headers, data: { template: 'fresh-funding' } })
  ).json()) as { id: string };
  const { runId } = (await (await page.request.post(`/api/admin/agents/${agent.id}/run`, { headers })).json()) as { runId: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/admin/runs/${runId}`)).json()) as { status: string; leadsAdded: number }).leadsAdded,
      {
        timeout: 60_000,
      },
    )
    .toBeGreaterThan(0);
  return client.id;
}

async function signIn(page: Page) {
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('admin makes a client from onboarding, runs a starter agent, and the client sees only its own leads', async ({
  page,
  browser,
  axe,
}) => {
  test.setTimeout(180_000);
  const company = `Pipeline Co ${Date.now()}`;
  await submitOnboarding(page.request, company);

  await page.goto('/admin');
  await hydrated(page);
  await signIn(page);
  await expect(page.getByRole('button', { name: 'Clients' })).toBeVisible();
  const otherId = await otherClientWithLeads(page);
  await page.getByRole('button', { name: 'Clients' }).click();
  const picker = page.getByLabel('From onboarding submission');
  await expect(picker.locator('option', { hasText: company })).toHaveCount(1);
  await picker.selectOption((await picker.locator('option', { hasText: company }).getAttribute('value'))!);
  await page.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByRole('heading', { name: company })).toBeVisible();
  await expect(page.getByText('VP Sales, Head of Sales, Founder')).toBeVisible();

  // The client's page is tabs, each with its own address (issue 31 item 11).
  await page.getByRole('tab', { name: 'Agents' }).click();
  await expect(page).toHaveURL(/[?&]tab=agents/);
  await page.getByLabel('Starter template').selectOption({ label: 'Hiring Spree' });
  await page.getByRole('button', { name: 'Add agent' }).click();
  const agent = page.getByRole('listitem').filter({ hasText: 'Hiring Spree' });
  await agent.getByRole('button', { name: 'Run now' }).click();
  await expect(agent.getByRole('status')).toContainText(/Run (complete|partial)/, { timeout: 120_000 });
  await page.getByRole('tab', { name: 'Inbox' }).click();
  const cards = page.getByTestId('lead-card');
  await expect(cards.first()).toBeVisible();
  expect(await axe.blockingViolations()).toEqual([]);

  // A new client is in review mode: the run's leads wait in the queue, with their evidence and draft,
  // until the owner approves them (here: reject one, approve the rest at once), on its own tab.
  await page.getByRole('tab', { name: 'Review queue' }).click();
  await expect(page).toHaveURL(/[?&]tab=review/);
  const queue = page.getByRole('region', { name: /Review queue/ });
  const items = queue.getByTestId('queue-item');
  await expect(items.first()).toBeVisible();
  const waiting = await items.count();
  await expect(items.first().getByLabel('Draft', { exact: true })).not.toHaveValue('');
  if (waiting > 1) {
    await items.last().getByRole('button', { name: 'Reject' }).click();
    await expect(items).toHaveCount(waiting - 1);
  }
  await queue.getByLabel(/Select all/).check();
  await queue.getByRole('button', { name: /Approve selected/ }).click();
  await expect(queue.getByText('No lead is waiting for review.')).toBeVisible();

  await page.getByRole('tab', { name: 'Inbox' }).click();
  const first = cards.first();
  await first.getByRole('button', { name: 'Show evidence' }).click();
  await first.getByLabel('Feedback reason').fill('exactly our buyer');
  await first.getByRole('button', { name: 'Good lead' }).click();
  await expect(first.getByText('Feedback: good')).toBeVisible();
  await first.getByLabel('State').selectOption('reviewed');
  await expect(first.getByText('State: reviewed')).toBeVisible();
  await expect(page.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', /\/leads\.csv$/);

  // The ICP is edited in place, one entry a line; the page shows what was saved.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Edit ICP' }).click();
  await page.getByLabel('Target titles').fill('CFO\nFinance Controller');
  await page.getByRole('button', { name: 'Save ICP' }).click();
  await expect(page.getByText('CFO, Finance Controller')).toBeVisible();

  await page.screenshot({ path: test.info().outputPath('admin-client-desktop.png') });
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Create invite link' }).click();
  const url = await page.getByLabel(/Invite link/).inputValue();
  expect(url).toMatch(/\/portal\/invite\/[\w-]+$/);

  // The admin's inbox, whole: the client must see exactly these.
  await page.getByRole('tab', { name: 'Inbox' }).click();
  const clientId = /clients\/([^/]+)\/leads\.csv/.exec(
    (await page.getByRole('link', { name: /Export CSV/ }).getAttribute('href')) ?? '',
  )![1];
  const adminLeads = (await (await page.request.get(`/api/admin/clients/${clientId}/leads?limit=100&review=approved`)).json()) as {
    leads: { id: string }[];
  };

  const other = await browser.newContext({ baseURL: origin });
  const portal = await other.newPage();
  await portal.goto(new URL(url).pathname);
  await hydrated(portal);
  expect(await blockingViolations(portal)).toEqual([]);
  await portal.getByLabel('New password').fill('a long portal password 42');
  await portal.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(portal.getByRole('heading', { name: `${company}: leads` })).toBeVisible();
  await expect(portal.getByTestId('lead-card').first()).toBeVisible();
  const own = (await (await portal.request.get('/api/client/leads?limit=100')).json()) as { leads: { id: string; clientId: string }[] };
  expect(own.leads.map((l) => l.id).sort()).toEqual(adminLeads.leads.map((l) => l.id).sort());
  expect(new Set(own.leads.map((l) => l.clientId))).toEqual(new Set([clientId]));
  const others = (await (await page.request.get(`/api/admin/clients/${otherId}/leads?limit=100`)).json()) as { leads: { id: string }[] };
  expect(others.leads.length).toBeGreaterThan(0);
  const portalCsrf = ((await (await portal.request.get('/api/client/session')).json()) as { csrfToken: string }).csrfToken;
  const foreign = await portal.request.post(`/api/client/leads/${others.leads[0].id}/feedback`, {
    headers: { Origin: origin, 'X-CSRF-Token': portalCsrf },
    data: { verdict: 'noise', reason: 'not mine' },
  });
  expect(foreign.status()).toBe(404);
  expect(own.leads.some((l) => others.leads.some((o) => o.id === l.id))).toBe(false);
  expect((await portal.request.get('/api/admin/clients')).status()).toBe(401);

  const card = portal.getByTestId('lead-card').first();
  await card.getByRole('button', { name: 'Show evidence' }).click();
  await card.getByRole('button', { name: 'Noise' }).click();
  await expect(card.getByText('Feedback: noise')).toBeVisible();
  // The client's own workflow: a meeting booked, which the owner sees.
  await card.getByLabel('State').selectOption('meeting_booked');
  await expect(card.getByText('State: meeting booked')).toBeVisible();
  const booked = (await (await page.request.get(`/api/admin/clients/${clientId}/leads?state=meeting_booked`)).json()) as {
    leads: { id: string }[];
  };
  expect(booked.leads).toHaveLength(1);
  expect(await blockingViolations(portal)).toEqual([]);

  await portal.setViewportSize({ width: 390, height: 844 });
  await portal.reload();
  await hydrated(portal);
  await expect(portal.getByTestId('lead-card').first()).toBeVisible();
  expect(await portal.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await portal.screenshot({ path: test.info().outputPath('portal-390.png'), fullPage: false });

  await portal.getByRole('button', { name: 'Sign out' }).click();
  await expect(portal).toHaveURL(/\/portal\/login$/);
  await other.close();

  // Back goes to the previous tab (Settings), forward to the inbox again; a reload keeps the tab.
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(page.getByRole('tab', { name: 'Inbox' })).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('tab', { name: 'Inbox' })).toHaveAttribute('aria-selected', 'true');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cards.first()).toBeVisible();
  // Every tab fits a phone, the delivery log's included (it made the page 505 px wide).
  for (const tab of ['Overview', 'Review queue', 'Accounts', 'Agents', 'Delivery', 'Report', 'Settings', 'Inbox']) {
    await page.getByRole('tab', { name: tab }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: test.info().outputPath('admin-client-390.png'), fullPage: true });
});

test('the portal pages are served, unknown portal paths are 404, and signed out /portal goes to sign-in', async ({
  page,
  request,
  axe,
}) => {
  for (const path of ['/portal', '/portal/login', '/portal/invite/abc_DEF-123']) expect((await request.get(path)).status(), path).toBe(200);
  for (const path of ['/portal/nope', '/portal/invite/a/b']) expect((await request.get(path)).status(), path).toBe(404);
  await page.goto('/portal');
  await expect(page).toHaveURL(/\/portal\/login$/);
  await expect(page.getByRole('heading', { name: 'Client sign-in' })).toBeVisible();
  await page.getByLabel('Email').fill('nobody@pipeline.example');
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await axe.blockingViolations()).toEqual([]);
});
