import { expect, type Page } from '@playwright/test';
import { hydrated, origin, signInAsAdmin, test } from './fixtures';

// The owner's console (issue 22 items 2, 4, 7): the demo's Activate Agent with an admin session,
// and admin searches kept whole, reopened and filed under a client.

async function demoSignIn(page: Page) {
  await page.goto('/demo');
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign In to Demo' }).click();
  await expect(page.getByText('Welcome back, Demo User').first()).toBeVisible();
}

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Demo' }).getByRole('button', { name });

/** A blank client made through the admin API. */
async function newClient(page: Page, name: string): Promise<string> {
  const csrf = ((await (await page.request.get('/api/admin/session')).json()) as { csrfToken: string }).csrfToken;
  const res = await page.request.post('/api/admin/clients', {
    headers: { Origin: origin, 'X-CSRF-Token': csrf },
    data: { name, icp: { targetTitles: ['VP Sales', 'Founder'], industries: ['Software'] } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('with an admin session the demo activates a real agent for a client and links to its page', async ({ page }) => {
  await signInAsAdmin(page);
  const name = `Activate Co ${Date.now()}`;
  const clientId = await newClient(page, name);
  await demoSignIn(page);
  await nav(page, 'Intent Agents').click();
  await page.getByRole('button', { name: 'Activate Agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate New Role Alert' });
  await dialog.getByLabel('Client').selectOption({ label: name });
  await expect(dialog.getByLabel('Campaign template')).toHaveValue('new-role-alert');
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText(`Agent “New Role Alert” is active for ${name}`)).toBeVisible();
  await expect(page.getByText('Agent Active')).toHaveCount(3);
  const agents = (await (await page.request.get(`/api/admin/clients/${clientId}/agents`)).json()) as { agents: { template: string }[] };
  expect(agents.agents.map((a) => a.template)).toEqual(['new-role-alert']);

  await page.getByRole('link', { name: `Open ${name} in the console` }).click();
  await expect(page).toHaveURL(`/admin?client=${clientId}&tab=agents`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'New Role Alert' })).toBeVisible();
});

test('an admin search is kept whole: reopened in the console with every lead and filed under a client', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const name = `Filed Co ${Date.now()}`;
  const clientId = await newClient(page, name);
  await demoSignIn(page);
  await nav(page, 'Intent Agents').click();
  await page.getByRole('button', { name: 'Find Live Leads' }).click();
  await expect(page.getByRole('button', { name: 'View full context' }).first()).toBeVisible({ timeout: 60_000 });
  const { searches } = (await (await page.request.get('/api/admin/searches?limit=1')).json()) as {
    searches: { id: string; status: string; leadCount: number }[];
  };
  const search = searches[0]!;
  expect(search.status).toBe('complete');
  expect(search.leadCount).toBeGreaterThan(6); // more than Premium Leads' stored 1 hot + 5 warm

  await page.goto('/admin');
  await hydrated(page);
  await page.getByRole('button', { name: 'Searches' }).click();
  await page
    .getByRole('list', { name: 'Past searches' })
    .getByRole('button', { name: /^Reopen/ })
    .first()
    .click();
  await expect(page.getByRole('list', { name: 'Leads of the search' }).getByRole('listitem')).toHaveCount(search.leadCount);
  await page.getByLabel('File under client').selectOption({ label: name });
  await page.getByRole('button', { name: 'File leads' }).click();
  await expect(page.getByRole('status')).toContainText(/\d+ leads? added to the inbox/);
  const added = Number((await page.getByRole('status').textContent())!.match(/(\d+) lead/)![1]);
  expect(added).toBeGreaterThan(0);
  const inbox = (await (await page.request.get(`/api/admin/clients/${clientId}/leads?limit=100`)).json()) as { leads: unknown[] };
  expect(inbox.leads).toHaveLength(added);
});
