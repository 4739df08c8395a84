import { expect } from '@playwright/test';
import { hydrated, origin, signInAsAdmin, test } from './fixtures';

// The phone project (playwright.config.ts), narrowed to 390 px: the admin's clients and the
// client's inbox are cards and priority columns, never a page wider than the screen.
test.use({ viewport: { width: 390, height: 844 } });

test('on a 390 px phone the clients list and both inboxes fit without sideways scrolling', async ({ page, browser, axe }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const csrf = ((await (await page.request.get('/api/admin/session')).json()) as { csrfToken: string }).csrfToken;
  const headers = { Origin: origin, 'X-CSRF-Token': csrf };
  const icp = { targetTitles: ['VP Sales', 'Founder'], industries: ['Software'], companySize: '11-200' };
  const name = `Phone Tenant With A Rather Long Company Name ${Date.now()}`;
  // Auto mode from 1: every lead reaches the client at once (this journey is about the layout; review is clients.spec.ts's).
  const settings = { deliveryMode: 'auto', autoApproveAt: 1 };
  const client = (await (await page.request.post('/api/admin/clients', { headers, data: { name, icp, settings } })).json()) as {
    id: string;
  };
  const agent = (await (
    await page.request.post(`/api/admin/clients/${client.id}/agents`, { headers, data: { template: 'fresh-funding' } })
  ).json()) as {
    id: string;
  };
  const { runId } = (await (await page.request.post(`/api/admin/agents/${agent.id}/run`, { headers })).json()) as { runId: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/admin/runs/${runId}`)).json()) as { leadsAdded: number }).leadsAdded, {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);

  const fits = async (p: typeof page) => expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goto('/admin');
  await hydrated(page);
  await page.getByRole('button', { name: 'Clients' }).click();
  // The console's list: each client a card with its month's leads and last run.
  const card = page.getByRole('list', { name: 'Clients' }).getByRole('listitem').filter({ hasText: name });
  await expect(card.getByText(name, { exact: true })).toBeVisible();
  await expect(card).toContainText(/Leads this month\s*[1-9]/);
  await expect(card).toContainText(/Last run\s*(complete|partial)/);
  await fits(page);
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await page.getByRole('tab', { name: 'Inbox' }).click();
  await page.getByTestId('lead-card').first().getByRole('button', { name: 'Show evidence' }).click();
  await fits(page);
  expect(await axe.blockingViolations()).toEqual([]);

  const invite = (await (await page.request.post(`/api/admin/clients/${client.id}/invites`, { headers, data: {} })).json()) as {
    url: string;
  };
  const phone = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 } });
  const portal = await phone.newPage();
  await portal.goto(new URL(invite.url).pathname);
  await hydrated(portal);
  await portal.getByLabel('New password').fill('a long portal password 42');
  await portal.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(portal.getByRole('alert')).toContainText(/email/i);
  await portal.getByLabel('Email').fill(`phone-${Date.now()}@tenant.example`);
  await portal.getByRole('button', { name: 'Set password and sign in' }).click();
  await portal.getByTestId('lead-card').first().getByRole('button', { name: 'Show evidence' }).click();
  await fits(portal);
  await phone.close();
});
