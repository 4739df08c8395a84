import { expect } from '@playwright/test';
import { hydrated, origin, signInAsAdmin, test } from './fixtures';

// A CRM channel in the console (docs/clients.md "CRM channels"): added with its token and mapping,
// the mapping edited on its row, and a test lead sent through the real code path. This server has
// no way to HubSpot, so the test lead's answer is the failure, reported in a toast.
test('the console adds a HubSpot channel, edits its mapping and sends it a test lead', async ({ page }) => {
  await signInAsAdmin(page);
  const csrf = ((await (await page.request.get('/api/admin/session')).json()) as { csrfToken: string }).csrfToken;
  const name = `CRM Co ${Date.now()}`;
  const client = (await (
    await page.request.post('/api/admin/clients', {
      headers: { Origin: origin, 'X-CSRF-Token': csrf },
      data: { name, icp: { targetTitles: ['VP Sales'], industries: ['Software'] } },
    })
  ).json()) as { id: string };

  await page.goto('/admin');
  await hydrated(page);
  await page.getByRole('button', { name: 'Clients' }).click();
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await page.getByRole('tab', { name: 'Delivery' }).click();

  const add = page.getByRole('form', { name: 'Add a channel' });
  await add.getByLabel('Kind').selectOption('hubspot');
  await add.getByLabel('Private app access token').fill('pat-na1-e2e-token');
  await add.getByLabel('Owner id').fill('77');
  await add.getByLabel('Create a task for the owner').check();
  await add.getByRole('button', { name: 'Add channel' }).click();
  const row = page.locator('[data-testid^="channel-"]').filter({ hasText: 'hubspot' });
  await expect(row).toContainText('https://api.hubapi.com');

  await row.getByRole('button', { name: 'Edit mapping' }).click();
  const form = row.getByRole('form', { name: 'Mapping of the hubspot channel' });
  await expect(form.getByLabel('Owner id')).toHaveValue('77');
  await form.getByLabel('Score property').fill('sp_score');
  await form.getByRole('button', { name: 'Save mapping' }).click();
  await expect(page.getByText('Mapping saved')).toBeVisible();
  const channels = (await (await page.request.get(`/api/admin/clients/${client.id}/channels`)).json()) as {
    channels: { kind: string; mapping?: Record<string, unknown> }[];
  };
  expect(channels.channels[0].mapping).toEqual({ ownerId: '77', task: true, scoreProperty: 'sp_score' });
  expect(JSON.stringify(channels)).not.toContain('pat-na1-e2e-token');

  await row.getByRole('button', { name: 'Send test lead' }).click();
  await expect(page.getByText(/Test lead refused: hubspot(: no answer| answered 401)/)).toBeVisible({ timeout: 20_000 });
});
