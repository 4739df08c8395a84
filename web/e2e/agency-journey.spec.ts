import { expect, type Page } from '@playwright/test';
import { hydrated, origin, signInAsAdmin, test } from './fixtures';
import { mailTo, waitForMail } from './smtp-sink';
import { signedBy, startReceiver } from './webhook-receiver';

// Issue 31 "Tests": the agency's whole journey at 1280 px (and the key pages at 390 px).
// Onboarding with competitors -> a client in review mode -> an agent edited with a query preview
// -> run -> two approved, one rejected -> the signed webhook carries only the two, and the
// client's Slack channel (a local stand-in) and its email channel (made from onboarding, mail
// caught by the SMTP sink of e2e/smtp-sink.ts) carry them under the client's brand, with what
// the person wrote, the evidence, the portal link and the draft -> the client books a meeting
// in the portal -> the owner's report shows it.

const confirmations = [
  'The information I have provided is accurate and complete to the best of my knowledge.',
  'I will respond to the leads Signalpipe delivers promptly, within the response time chosen above.',
  'I am authorised to share this information and to make decisions on behalf of my company.',
  'I agree that Signalpipe may contact me about this onboarding and my lead delivery.',
];

const brandName = 'Northwind Growth';

async function csrfHeaders(page: Page) {
  const csrf = ((await (await page.request.get('/api/admin/session')).json()) as { csrfToken: string }).csrfToken;
  return { Origin: origin, 'X-CSRF-Token': csrf };
}

test('onboarding with competitors to a branded, reviewed delivery and a meeting booked in the owner report', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const started = Date.now();
  const receiver = await startReceiver();
  try {
    const company = `Journey Co ${Date.now()}`;
    // "Email notifications" to the handler: onboarding makes the client's email channel.
    const salesEmail = `ana-${Date.now()}@journey.example`;
    const onboarding = await page.request.post('/api/onboarding', {
      headers: { Origin: origin },
      data: {
        company_name: company,
        website: 'https://journey.example',
        contact_email: 'ops@journey.example',
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
        competitors: 'Greenhouse, Lever',
        buyer_tools: 'Salesforce, Slack',
        email_handler_name: 'Ana Diaz',
        email_handler_email: salesEmail,
        delivery_method: ['Email notifications'],
        confirmations,
        source: 'signalpipe_onboarding',
      },
    });
    expect(onboarding.status(), await onboarding.text()).toBe(201);

    // The owner makes the client from the submission in the console: its ICP has the competitors.
    await signInAsAdmin(page);
    const headers = await csrfHeaders(page);
    await page.goto('/admin');
    await hydrated(page);
    await page.getByRole('button', { name: 'Clients' }).click();
    const picker = page.getByLabel('From onboarding submission');
    await expect(picker.locator('option', { hasText: company })).toHaveCount(1);
    await picker.selectOption((await picker.locator('option', { hasText: company }).getAttribute('value'))!);
    await page.getByRole('button', { name: 'Create client' }).click();
    await expect(page.getByRole('heading', { name: company })).toBeVisible();
    const clientId = new URL(page.url()).searchParams.get('client')!;
    expect(clientId).toBeTruthy();
    const channels = (await (await page.request.get(`/api/admin/clients/${clientId}/channels`)).json()) as {
      channels: { kind: string; target: string; status: string }[];
    };
    expect(channels.channels.filter((c) => c.kind === 'email').map((c) => c.target)).toEqual([salesEmail]);
    const made = (await (await page.request.get(`/api/admin/clients/${clientId}`)).json()) as {
      icp: { competitors?: string[]; techStack?: string[] };
      settings: { reviewMode?: boolean };
    };
    expect(made.icp.competitors).toEqual(['Greenhouse', 'Lever']);
    expect(made.icp.techStack).toEqual(['Salesforce', 'Slack']);
    await expect(page.getByText('Greenhouse, Lever').first()).toBeVisible();

    // A brand and the delivery channels (the console has them; the API is quicker and says the same).
    const branded = await page.request.patch(`/api/admin/clients/${clientId}`, {
      headers,
      data: { settings: { brand: { name: brandName, primaryColor: '#0a7d52' } } },
    });
    expect(branded.status(), await branded.text()).toBe(200);
    const hook = await page.request.post(`/api/admin/clients/${clientId}/channels`, {
      headers,
      data: { kind: 'webhook', target: `${receiver.url}/hook`, cadence: 'instant' },
    });
    expect(hook.status(), await hook.text()).toBe(201);
    const { secret } = (await hook.json()) as { secret: string };
    expect(secret).toMatch(/^whsec_/);
    const slack = await page.request.post(`/api/admin/clients/${clientId}/channels`, {
      headers,
      data: { kind: 'slack', target: `${receiver.url}/slack`, cadence: 'instant' },
    });
    expect(slack.status(), await slack.text()).toBe(201);

    // An agent from a starter template, its queries edited after a preview of what they match.
    await page.getByRole('tab', { name: 'Agents' }).click();
    await page.getByLabel('Starter template').selectOption({ label: 'Hiring Spree' });
    await page.getByRole('button', { name: 'Add agent' }).click();
    const agent = page.getByRole('listitem').filter({ hasText: 'Hiring Spree' }).first();
    await agent.getByText('Queries and settings').click();
    await agent.getByRole('button', { name: 'Edit settings' }).click();
    const queries = agent.getByLabel(/^Queries \(one a line/);
    const before = await queries.inputValue();
    await queries.fill(`${before.trim()}\n"sales team" hiring`);
    await agent.getByRole('button', { name: 'Preview matches' }).click();
    await expect(agent.getByRole('status').filter({ hasText: /in the index match|Nothing in the index/ })).toContainText(/match/);
    await agent.getByRole('button', { name: 'Save settings' }).click();
    await expect(agent.getByText('"sales team" hiring')).toBeVisible();

    await agent.getByRole('button', { name: 'Run now' }).click();
    await expect(agent.getByRole('status').filter({ hasText: /^Run / })).toContainText(/Run (complete|partial)/, { timeout: 120_000 });

    // Review mode: nothing is delivered before the owner decides.
    await page.getByRole('tab', { name: 'Review queue' }).click();
    const items = page.getByTestId('queue-item');
    await expect(items.first()).toBeVisible();
    const waiting = await items.count();
    expect(waiting).toBeGreaterThanOrEqual(3);
    expect(receiver.got).toHaveLength(0);
    expect(await mailTo(salesEmail)).toHaveLength(0);
    const pending = (await (await page.request.get(`/api/admin/clients/${clientId}/leads?limit=100&review=pending`)).json()) as {
      leads: { id: string }[];
    };
    expect(pending.leads).toHaveLength(waiting);
    await expect(items.first().getByLabel('Draft', { exact: true })).not.toHaveValue('');

    const approvedIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const item = items.first();
      approvedIds.push((await item.getAttribute('data-lead-id')) ?? '');
      await item.getByRole('button', { name: 'Approve' }).click();
      await expect(items).toHaveCount(waiting - 1 - i);
    }
    await items.first().getByRole('button', { name: 'Reject' }).click();
    await expect(items).toHaveCount(waiting - 3);
    const rejected = (await (await page.request.get(`/api/admin/clients/${clientId}/leads?limit=100&review=rejected`)).json()) as {
      leads: { id: string }[];
    };
    expect(rejected.leads).toHaveLength(1);
    const rejectedId = rejected.leads[0].id;
    const approved = (await (await page.request.get(`/api/admin/clients/${clientId}/leads?limit=100&review=approved`)).json()) as {
      leads: {
        id: string;
        url: string;
        lead: {
          signal?: string;
          fullContext?: string;
          detection?: { cueLabels?: string[] };
          draft?: { subject?: string; body?: string };
        };
      }[];
    };
    expect(approved.leads).toHaveLength(2);
    const approvedSet = approved.leads.map((l) => l.id).sort();
    if (approvedIds.every(Boolean)) expect(approvedIds.sort()).toEqual(approvedSet);

    // The webhook gets exactly the two approved leads, signed; the Slack message is branded and has the draft.
    await expect.poll(() => receiver.got.filter((r) => r.path === '/hook').length, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => receiver.got.filter((r) => r.path === '/slack').length, { timeout: 30_000 }).toBe(2);
    const hooks = receiver.got.filter((r) => r.path === '/hook');
    for (const r of hooks) {
      expect(signedBy(r, secret), 'webhook signature').toBe(true);
      expect(r.body.type).toBe('lead.created');
      const data = r.body.data as { id: string; lead: { draft?: { subject?: string; body?: string }; evidence?: unknown } };
      expect(data.lead.draft?.body ?? '').not.toBe('');
    }
    expect(hooks.map((r) => (r.body.data as { id: string }).id).sort()).toEqual(approvedSet);
    // True evidence: each webhook's lead links the post the owner approved, and carries the stored draft.
    for (const r of hooks) {
      const data = r.body.data as { id: string; url: string; lead: { draft?: { body?: string } } };
      const stored = approved.leads.find((l) => l.id === data.id)!;
      expect(data.url).toBe(stored.url);
      expect(data.url).toMatch(/^https?:\/\//);
      expect(data.lead.draft?.body).toBe(stored.lead.draft?.body);
    }
    for (const r of receiver.got.filter((x) => x.path === '/slack')) {
      expect(r.raw).toContain(brandName);
      expect(r.raw).not.toContain('Signalpipe');
    }
    expect(signedBy({ ...hooks[0], raw: `${hooks[0].raw} ` }, secret), 'a changed body fails the check').toBe(false);

    // The email channel gets one message per approved lead, none for the rejected one: from the
    // agency's brand, with what the person wrote, the evidence, the lead's portal link and the draft.
    const mails = await waitForMail(salesEmail, { count: 2, timeout: 30_000 });
    expect(mails).toHaveLength(2);
    const portalLink = (id: string) => `${origin}/portal?lead=${encodeURIComponent(id)}`;
    const mailed: string[] = [];
    for (const m of mails) {
      expect(m.fromName, m.headers.from).toBe(brandName);
      for (const part of [m.headers.from, m.subject, m.text, m.html]) expect(part).not.toContain('Signalpipe');
      const stored = approved.leads.find((l) => m.text.includes(portalLink(l.id)));
      expect(stored, `the email links an approved lead in the portal:\n${m.text}`).toBeTruthy();
      mailed.push(stored!.id);
      expect(m.html).toContain(`href="${portalLink(stored!.id)}"`);
      expect(m.text).not.toContain(portalLink(rejectedId));
      // What the person wrote, quoted (its first line, as the lead stores it).
      const said = [stored!.lead.fullContext ?? '', stored!.lead.signal ?? ''].sort((a, b) => b.length - a.length)[0].trim();
      expect(said).not.toBe('');
      expect(m.text).toContain('What they said:');
      expect(m.text).toContain(`> ${said.split('\n')[0].trim().slice(0, 60)}`);
      // The evidence is the cues the lead stores, nothing else.
      const cues = stored!.lead.detection?.cueLabels ?? [];
      expect(cues.length, 'the lead has evidence').toBeGreaterThan(0);
      const evidence = /\nEvidence:\n((?:- .*\n)+)/.exec(m.text)?.[1] ?? '';
      expect(evidence.trimEnd().split('\n')).toEqual(cues.map((c) => `- ${c}`));
      // The draft the owner approved, sendable: no empty slot, no greeting to a company.
      const draft = stored!.lead.draft?.body ?? '';
      expect(draft).not.toBe('');
      expect(m.text).toContain(`Draft:\n${draft}`);
      expect(draft).not.toMatch(/\{\{|\}\}|\[[A-Z][a-z]+\]|companies like ,|Hi ,/);
    }
    expect(mailed.sort()).toEqual(approvedSet);

    // The client's people: invited, signed in to the branded portal, they book a meeting on one lead.
    const invite = (await (
      await page.request.post(`/api/admin/clients/${clientId}/invites`, { headers, data: { email: `amy-${Date.now()}@journey.example` } })
    ).json()) as { url: string };
    const ctx = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
    const portal = await ctx.newPage();
    await portal.goto(new URL(invite.url).pathname);
    await hydrated(portal);
    await portal.getByLabel('New password').fill('a long portal password 42');
    await portal.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(portal.getByRole('heading', { name: `${company}: leads` })).toBeVisible();
    // The email's link opens the client's portal, signed in, on its leads.
    await portal.goto(portalLink(mailed[0]));
    await hydrated(portal);
    await expect(portal.getByRole('heading', { name: `${company}: leads` })).toBeVisible();
    await expect(portal.getByTestId('portal-brand')).toContainText(brandName);
    await expect(portal.getByTestId('lead-card')).toHaveCount(2);
    // The linked lead is the one shown: highlighted, its evidence open.
    const card = portal.locator('[data-testid="lead-card"][data-highlighted]');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('button', { name: 'Hide evidence' })).toBeVisible();
    await card.getByLabel('State').selectOption('meeting_booked');
    await expect(card.getByText('State: meeting booked')).toBeVisible();

    await portal.setViewportSize({ width: 390, height: 844 });
    await portal.reload();
    await hydrated(portal);
    await expect(portal.getByTestId('lead-card').first()).toBeVisible();
    const wide = await portal.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > 391)
        .slice(0, 8)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)} ${(e.textContent ?? '').slice(0, 40)}`),
    );
    expect(await portal.evaluate(() => document.documentElement.scrollWidth), wide.join('\n')).toBeLessThanOrEqual(390);
    await portal.screenshot({ path: test.info().outputPath('portal-390.png') });
    await ctx.close();

    // The owner's report tab counts the meeting.
    await page.goto(`/admin?client=${clientId}&tab=report`);
    await hydrated(page);
    const stand = page.getByRole('region', { name: 'Where the leads stand' });
    await expect(stand.getByRole('row', { name: /Meeting booked/ })).toContainText('1');
    await page.screenshot({ path: test.info().outputPath('report-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(stand.getByRole('row', { name: /Meeting booked/ })).toContainText('1');
    // The report tab fits a phone (its sr-only bar headers made it 634 px wide before the fix).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const tab of ['Review queue', 'Agents', 'Inbox']) {
      await page.getByRole('tab', { name: tab }).click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(390);
    }
    // Still only the two emails, the whole journey later.
    expect(await mailTo(salesEmail)).toHaveLength(2);
    test.info().annotations.push({ type: 'timing', description: `journey ${Date.now() - started} ms` });
  } finally {
    await receiver.close();
  }
});
