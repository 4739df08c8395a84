import { expect } from '@playwright/test';
import { hydrated, origin, signInAsAdmin, test } from './fixtures';
import { signedBy, startReceiver } from './webhook-receiver';

// Issue 33 "Tests": three signals at one company from three sources -> one account with a
// timeline, a score above each signal alone, a "why now" naming all three -> one signed
// account.heated webhook. The leads come from agent runs over the bundled corpus (dated live
// at start), whose companies recur across platforms.

interface Signal {
  type: string;
  at: string;
  platform: string;
  score: number;
  leadId: string;
}
interface Account {
  id: string;
  name: string;
  score: number;
  whyNow: string;
  signals: Signal[];
}

/** docs/clients.md "Account score": what one signal alone scores. */
const weights: Record<string, number> = {
  competitor_engagement: 0.65,
  tech_research: 0.5,
  job_change: 0.5,
  hiring_activity: 0.5,
  funding_event: 0.4,
};
function alone(s: Signal): number {
  const days = (Date.now() - Date.parse(s.at)) / 86_400_000;
  return Math.round(100 * (weights[s.type] ?? 0.25) * (s.score / 100) * 2 ** (-days / 30));
}

test('three signals at one company stack into one account that heats once, signed', async ({ page }) => {
  test.setTimeout(180_000);
  const started = Date.now();
  const receiver = await startReceiver();
  try {
    await signInAsAdmin(page);
    const csrf = ((await (await page.request.get('/api/admin/session')).json()) as { csrfToken: string }).csrfToken;
    const headers = { Origin: origin, 'X-CSRF-Token': csrf };
    const name = `Accounts Co ${Date.now()}`;
    const icp = { targetTitles: ['VP Sales', 'Founder', 'CTO', 'Head of Engineering'], industries: ['Software'] };
    const client = (await (await page.request.post('/api/admin/clients', { headers, data: { name, icp } })).json()) as { id: string };
    const hook = await page.request.post(`/api/admin/clients/${client.id}/channels`, {
      headers,
      data: { kind: 'webhook', target: `${receiver.url}/hook`, cadence: 'instant' },
    });
    expect(hook.status(), await hook.text()).toBe(201);
    const { secret } = (await hook.json()) as { secret: string };

    for (const template of ['competitor-engagement', 'new-role-alert']) {
      const agent = (await (await page.request.post(`/api/admin/clients/${client.id}/agents`, { headers, data: { template } })).json()) as {
        id: string;
      };
      const { runId } = (await (await page.request.post(`/api/admin/agents/${agent.id}/run`, { headers })).json()) as { runId: string };
      await expect
        .poll(async () => ((await (await page.request.get(`/api/admin/runs/${runId}`)).json()) as { status: string }).status, {
          timeout: 90_000,
        })
        .toMatch(/complete|partial/);
    }

    // The company seen in three signals on three platforms (pending leads counted: review mode).
    const all = (await (await page.request.get(`/api/admin/clients/${client.id}/accounts?include=pending&limit=100`)).json()) as {
      accounts: Account[];
    };
    const acc = all.accounts.find((a) => a.signals.length === 3 && new Set(a.signals.map((s) => s.platform)).size === 3);
    expect(acc, all.accounts.map((a) => `${a.name} ${a.signals.map((s) => s.platform).join(',')}`).join('\n')).toBeTruthy();
    const account = acc!;
    const singles = account.signals.map(alone);
    expect(account.score).toBeGreaterThan(Math.max(...singles));
    // Nothing is approved yet: the client's view has no such account and no event went out.
    const approvedOnly = (await (await page.request.get(`/api/admin/clients/${client.id}/accounts?limit=100`)).json()) as {
      accounts: Account[];
    };
    expect(approvedOnly.accounts.find((a) => a.id === account.id)).toBeUndefined();
    expect(receiver.got.filter((r) => r.body.type === 'account.heated')).toHaveLength(0);

    // The threshold sits above every signal alone and at the stacked score.
    const patched = await page.request.patch(`/api/admin/clients/${client.id}`, {
      headers,
      data: { settings: { accountThreshold: account.score } },
    });
    expect(patched.status(), await patched.text()).toBe(200);

    const ids = [...new Set(account.signals.map((s) => s.leadId))];
    const approve = await page.request.post(`/api/admin/clients/${client.id}/leads/approve`, { headers, data: { ids } });
    expect(approve.status(), await approve.text()).toBe(200);

    await expect.poll(() => receiver.got.filter((r) => r.body.type === 'account.heated').length, { timeout: 30_000 }).toBe(1);
    const heated = receiver.got.find((r) => r.body.type === 'account.heated')!;
    expect(signedBy(heated, secret), 'account.heated signature').toBe(true);
    const data = heated.body.data as { account: Account; score: number; threshold: number };
    expect(data.account.id).toBe(account.id);
    expect(data.threshold).toBe(account.score);
    expect(data.score).toBeGreaterThanOrEqual(account.score);

    // One account with its timeline and a why-now with one clause per signal.
    const one = (await (await page.request.get(`/api/admin/clients/${client.id}/accounts/${account.id}`)).json()) as Account;
    expect(one.signals).toHaveLength(account.signals.length);
    expect(new Set(one.signals.map((s) => s.platform)).size).toBeGreaterThanOrEqual(3);
    const clauses = one.whyNow.replace(/^In the last \d+ days: /, '').split('; ');
    expect(clauses, one.whyNow).toHaveLength(3);

    // More checks of the accounts (a rejection, then another approval, each checks them) send no
    // second account.heated: once per crossing. The later approval's own lead.created is the event
    // waited on, so the checks before it have had their deliveries.
    const pending = (await (await page.request.get(`/api/admin/clients/${client.id}/leads?limit=100&review=pending`)).json()) as {
      leads: { id: string }[];
    };
    const others = pending.leads.filter((l) => !ids.includes(l.id));
    expect(others.length).toBeGreaterThanOrEqual(2);
    const reject = await page.request.post(`/api/admin/clients/${client.id}/leads/reject`, { headers, data: { ids: [others[0].id] } });
    expect(reject.status()).toBe(200);
    const again = await page.request.post(`/api/admin/clients/${client.id}/leads/approve`, { headers, data: { ids: [others[1].id] } });
    expect(again.status()).toBe(200);
    await expect
      .poll(() => receiver.got.filter((r) => r.body.type === 'lead.created').map((r) => (r.body.data as { id: string }).id), {
        timeout: 30_000,
      })
      .toContain(others[1].id);
    await expect.poll(() => receiver.got.filter((r) => r.body.type === 'lead.created').length, { timeout: 30_000 }).toBe(ids.length + 1);
    // (The other approved lead may heat its own account; this one is announced once.)
    const forThis = receiver.got.filter(
      (r) => r.body.type === 'account.heated' && (r.body.data as { account: { id: string } }).account.id === account.id,
    );
    expect(forThis).toHaveLength(1);

    // The Accounts tab shows it with its why-now.
    await page.goto(`/admin?client=${client.id}&tab=accounts`);
    await hydrated(page);
    const panel = page.getByRole('tabpanel', { name: 'Accounts' });
    await expect(panel.getByText(one.whyNow)).toBeVisible();
    const heading = panel.getByRole('heading', { name: account.name, exact: true });
    await expect(heading).toBeVisible();
    const card = heading.locator('xpath=ancestor::li[1]');
    await expect(card.getByText(/^Timeline: 3 signals/)).toBeVisible();
    await expect(card.getByText(one.whyNow)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('accounts-1280.png'), fullPage: true });
    test.info().annotations.push({
      type: 'timing',
      description: `journey ${Date.now() - started} ms; ${account.name} ${account.score} vs ${singles.join('/')}`,
    });
  } finally {
    await receiver.close();
  }
});
