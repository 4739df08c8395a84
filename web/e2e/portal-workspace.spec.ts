import { expect } from '@playwright/test';
import { blockingViolations, hydrated, origin, signInAsAdmin, test } from './fixtures';

// The client portal's workspace (docs/clients.md §5): agents, delivery and API tokens, read-only
// until the admin lets the client's people edit, and fitting a 390 px phone.
test('the client reads its agents, delivery and tokens, and edits agents once the admin allows it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const csrf = ((await (await page.request.get('/api/admin/session')).json()) as { csrfToken: string }).csrfToken;
  const headers = { Origin: origin, 'X-CSRF-Token': csrf };
  const name = `Workspace Co ${Date.now()}`;
  const icp = { targetTitles: ['VP Sales'], industries: ['Software'] };
  const client = (await (await page.request.post('/api/admin/clients', { headers, data: { name, icp } })).json()) as { id: string };
  const agentRes = await page.request.post(`/api/admin/clients/${client.id}/agents`, { headers, data: { name: 'CRM switchers' } });
  expect(agentRes.status()).toBe(201);
  const channelRes = await page.request.post(`/api/admin/clients/${client.id}/channels`, {
    headers,
    data: { kind: 'webhook', target: 'https://93.184.215.14/hook?key=XXXXSECRET' }, // an address: no DNS here; nothing is sent without a run
  });
  expect(channelRes.status(), await channelRes.text()).toBe(201);
  const email = `amy-${Date.now()}@workspace.example`;
  const invite = (await (await page.request.post(`/api/admin/clients/${client.id}/invites`, { headers, data: { email } })).json()) as {
    url: string;
  };

  const ctx = await browser.newContext({ baseURL: origin });
  const portal = await ctx.newPage();
  await portal.goto(new URL(invite.url).pathname);
  await hydrated(portal);
  await portal.getByLabel('New password').fill('a long portal password 42');
  await portal.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(portal.getByRole('heading', { name: `${name}: leads` })).toBeVisible();

  // Read-only at first: the agent and the channel (its URL's query, a credential, masked), no edit controls.
  await portal.getByRole('tab', { name: 'Agents' }).click();
  const card = portal.getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'CRM switchers' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(portal.getByRole('tabpanel', { name: 'Agents' }).getByRole('note')).toContainText('Ask your account manager');
  await portal.getByRole('tab', { name: 'Delivery' }).click();
  await expect(portal.getByText('https://93.184.215.14/hook?…')).toBeVisible();
  await expect(portal.getByText(/XXXXSECRET/)).toHaveCount(0);
  expect(await blockingViolations(portal)).toEqual([]);

  // API tokens are always the client's to manage.
  await portal.getByRole('tab', { name: 'API tokens' }).click();
  await portal.getByLabel('Token name').fill('CRM sync');
  // Scopes (issue 32): read is chosen by default; the assistant may also run agents.
  await expect(portal.getByRole('checkbox', { name: /Read leads/ })).toBeChecked();
  await portal.getByRole('checkbox', { name: /Run agents/ }).check();
  await portal.getByRole('button', { name: 'Make token' }).click();
  await expect(portal.getByLabel(/shown once/)).toHaveValue(/^sp_live_/);
  await expect(portal.getByText(/with leads:read, agents:run/)).toBeVisible();
  await expect(portal.getByRole('button', { name: 'Revoke CRM sync' })).toBeVisible();
  // The token does what its scopes allow and nothing else: it reads leads, but changing one needs leads:write.
  const token = await portal.getByLabel(/shown once/).inputValue();
  const bearer = { Authorization: `Bearer ${token}` };
  const read = await portal.request.get('/api/v1/leads', { headers: bearer });
  expect(read.status(), await read.text()).toBe(200);
  expect(((await read.json()) as { leads: unknown[] }).leads).toEqual([]);
  const write = await portal.request.patch('/api/v1/leads/no-such-lead', { headers: bearer, data: { state: 'contacted' } });
  expect(write.status()).toBe(403);
  expect(await write.text()).toContain('lacks the leads:write scope');
  await portal.getByRole('button', { name: 'Revoke CRM sync' }).click();
  await expect(portal.getByRole('button', { name: 'Revoke CRM sync' })).toHaveCount(0);
  expect((await portal.request.get('/api/v1/leads', { headers: bearer })).status()).toBe(401); // revoked

  // The admin allows edits in the console.
  await page.goto('/admin');
  await hydrated(page);
  await page.getByRole('button', { name: 'Clients' }).click();
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const allow = page.getByLabel("The client's people may edit their agents and delivery in the portal");
  await allow.click(); // the box shows the saved setting: it turns on when the PATCH answers
  await expect(allow).toBeChecked();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/admin/clients/${client.id}`)).json()) as { settings: { portalMayEdit?: boolean } }).settings
          .portalMayEdit,
    )
    .toBe(true);

  // Now the client edits and pauses its agent.
  await portal.reload();
  await hydrated(portal);
  await portal.getByRole('tab', { name: 'Agents' }).click();
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Name').fill('CRM switchers EU');
  await card.getByLabel('Queries (one per line)').fill('crm migration\nhubspot alternative');
  await card.getByLabel(/Active/).uncheck();
  await card.getByRole('button', { name: 'Save agent' }).click();
  const edited = portal.getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'CRM switchers EU' });
  await expect(edited.getByText('paused', { exact: true })).toBeVisible();
  await expect(edited.getByText('crm migration · hubspot alternative')).toBeVisible();
  expect(await blockingViolations(portal)).toEqual([]);

  // 390 px: every section fits without sideways scrolling.
  await portal.setViewportSize({ width: 390, height: 844 });
  for (const tab of ['Inbox', 'Agents', 'Delivery', 'API tokens']) {
    await portal.getByRole('tab', { name: tab }).click();
    expect(await portal.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(390);
  }
  await portal.getByRole('tab', { name: 'Delivery' }).click();
  await portal.screenshot({ path: test.info().outputPath('portal-delivery-390.png') });
  await ctx.close();
});
