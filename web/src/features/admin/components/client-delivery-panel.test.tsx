import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { ClientDeliveryPanel } from './client-delivery-panel';
import type { Client } from '../api/client-schema';
import { NoticesBell } from './notices-bell';

const client: Client = {
  id: 'c1',
  name: 'Acme',
  status: 'active',
  settings: { digestHour: 9, digestWeekday: 'monday', timeZone: 'UTC' },
  createdAt: '2026-11-27T08:00:00Z',
};

type Call = { method: string; url: string; body: unknown };

function renderPanel() {
  const calls: Call[] = [];
  let feedActive = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(init.body as string) : undefined;
      calls.push({ method, url, body });
      const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status });
      if (url.endsWith('/channels') && method === 'GET') return json({ channels: [] });
      if (url.endsWith('/channels')) return json({ id: 'ch1', secret: 'whsec_abc' }, 201);
      if (url.endsWith('/feed') && method === 'GET') return json({ active: feedActive, createdAt: feedActive ? client.createdAt : null });
      if (url.endsWith('/feed') && method === 'POST') {
        feedActive = true;
        return json({ url: 'https://sp.example/feeds/tok.atom', createdAt: client.createdAt }, 201);
      }
      if (url.endsWith('/feed') && method === 'DELETE') {
        feedActive = false;
        return new Response(null, { status: 204 });
      }
      if (method === 'PATCH') return json({ ...client, settings: { ...client.settings, ...(body as { settings: object }).settings } });
      return json({ error: 'unexpected' }, 500);
    }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ClientDeliveryPanel client={client} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('ClientDeliveryPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds a daily digest channel and shows its secret once', async () => {
    const calls = renderPanel();
    await screen.findByText('No channels yet.');
    await userEvent.type(screen.getByLabelText('URL'), 'https://hooks.example/in');
    await userEvent.selectOptions(screen.getByLabelText('Cadence'), 'daily');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByText('whsec_abc')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/channels'));
    expect(post?.body).toEqual({ kind: 'webhook', target: 'https://hooks.example/in', cadence: 'daily' });
  });

  it('adds an email channel with addresses, refusing a URL there', async () => {
    const calls = renderPanel();
    await screen.findByText('No channels yet.');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'email');
    const target = screen.getByLabelText('Email addresses');
    await userEvent.type(target, 'https://hooks.example/in');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByText('Enter up to 10 email addresses, separated by commas')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.clear(target);
    await userEvent.type(target, 'sales@acme.example, ops@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/channels'))).toBe(true));
    const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/channels'));
    expect(post?.body).toEqual({ kind: 'email', target: 'sales@acme.example, ops@acme.example', cadence: 'instant' });
  });

  it('checks and saves the digest time', async () => {
    const calls = renderPanel();
    const zone = screen.getByLabelText('Time zone');
    await userEvent.clear(zone);
    await userEvent.click(screen.getByRole('button', { name: 'Save digest time' }));
    expect(await screen.findByText('An IANA time zone such as Europe/Paris')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await userEvent.type(zone, 'Asia/Kolkata');
    await userEvent.clear(screen.getByLabelText('Digest hour (0-23)'));
    await userEvent.type(screen.getByLabelText('Digest hour (0-23)'), '7');
    await userEvent.selectOptions(screen.getByLabelText('Weekly on'), 'friday');
    await userEvent.click(screen.getByRole('button', { name: 'Save digest time' }));
    expect(await screen.findByText('Digest time saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      settings: { digestHour: 7, digestWeekday: 'friday', timeZone: 'Asia/Kolkata' },
    });
  });

  it('creates, rotates and revokes the feed URL', async () => {
    const calls = renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Create feed URL' }));
    expect(((await screen.findByLabelText(/Feed URL/)) as HTMLInputElement).value).toBe('https://sp.example/feeds/tok.atom');
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate feed URL' }));
    await userEvent.click(screen.getByRole('button', { name: 'Revoke feed' }));
    await waitFor(() => expect(screen.queryByLabelText(/Feed URL/)).toBeNull());
    expect(await screen.findByRole('button', { name: 'Create feed URL' })).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/feed')).map((c) => c.method)).toEqual([
      'GET',
      'POST',
      'GET',
      'POST',
      'GET',
      'DELETE',
      'GET',
    ]);
  });
});

const channels = [
  {
    id: 'ch1',
    clientId: 'c1',
    kind: 'webhook',
    target: 'https://hooks.example/in',
    cadence: 'instant',
    status: 'paused',
    disabledReason: 'no 2xx answer since the first failure at 2026-11-24T08:00:00Z',
    createdAt: '2026-11-20T08:00:00Z',
    failingSince: '2026-11-24T08:00:00Z',
  },
  {
    id: 'ch2',
    clientId: 'c1',
    kind: 'slack',
    target: 'https://hooks.slack.com/services/x',
    cadence: 'instant',
    status: 'active',
    disabledReason: '',
    createdAt: '2026-11-20T08:00:00Z',
    failingSince: null,
  },
];
const attempt = (id: string, deliveryId: string, outcome: string, deliveryStatus: string) => ({
  id,
  deliveryId,
  channelId: 'ch1',
  leadId: 'l1',
  attemptedAt: '2026-11-27T08:00:00Z',
  outcome,
  latencyMs: 12,
  responseCode: 500,
  error: 'answered 500',
  deliveryStatus,
});
const attempts = [
  attempt('a3', 'msg_failed', 'failed', 'failed'),
  attempt('a2', 'msg_failed', 'retry', 'failed'),
  attempt('a1', 'msg_ok', 'delivered', 'delivered'),
];

type Req = { url: string; method: string };

function renderWith(node: React.ReactNode, route: (url: string, method: string) => unknown) {
  const calls: Req[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method });
      return new Response(JSON.stringify(route(url, method)), { status: method === 'POST' && url.includes('/retry') ? 202 : 200 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
  return calls;
}

describe('ClientDeliveryPanel: enable and retry', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('enables a paused channel and retries a failed delivery once per delivery', async () => {
    const calls = renderWith(<ClientDeliveryPanel client={client} />, (url) => {
      if (url.endsWith('/channels')) return { channels };
      if (url.endsWith('/feed')) return { active: false, createdAt: null };
      if (url.includes('/deliveries?')) return { attempts };
      if (url.includes('/enable')) return { channel: { ...channels[0], status: 'active' }, requeued: 3 };
      return { id: 'msg_failed', status: 'pending' };
    });
    const paused = await screen.findByTestId('channel-ch1');
    expect(within(paused).getByText('paused')).toBeTruthy();
    expect(within(screen.getByTestId('channel-ch2')).queryByRole('button', { name: /enable/i })).toBeNull();
    fireEvent.click(within(paused).getByRole('button', { name: /enable/i }));
    expect(await screen.findByText(/3 stopped deliveries queued again/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/channels/ch1/enable')).toBe(true);

    await screen.findByTestId('attempt-a3');
    const retries = screen.getAllByRole('button', { name: /retry delivery/i });
    expect(retries).toHaveLength(1); // the newest attempt of the failed delivery; none for the delivered one
    expect(within(screen.getByTestId('attempt-a3')).getByRole('button')).toBe(retries[0]);
    fireEvent.click(retries[0]);
    expect(await screen.findByText(/same webhook-id/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/deliveries/msg_failed/retry')).toBe(true);
  });
});

describe('NoticesBell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the unseen count and marks a notice seen', async () => {
    let seen = false;
    const notice = {
      id: 'n1',
      kind: 'channel_paused',
      text: "Acme's webhook channel was paused",
      link: '',
      createdAt: '2026-11-27T08:00:00Z',
    };
    const calls = renderWith(<NoticesBell />, (_url, method) => {
      if (method === 'POST') {
        seen = true;
        return { notice: { ...notice, seenAt: '2026-11-27T09:00:00Z' } };
      }
      return { notices: [{ ...notice, seenAt: seen ? '2026-11-27T09:00:00Z' : null }], unseen: seen ? 0 : 1 };
    });
    expect((await screen.findByTestId('notices-badge')).textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Notices, 1 unseen' }));
    const item = await screen.findByTestId('notice-n1');
    expect(item.textContent).toContain('was paused');
    fireEvent.click(within(item).getByRole('button', { name: 'Mark seen' }));
    await waitFor(() => expect(screen.queryByTestId('notices-badge')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/notices/n1/seen')).toBe(true);
  });
});

describe('ClientDeliveryPanel: a CRM channel', () => {
  afterEach(() => vi.unstubAllGlobals());

  const hubspot = {
    id: 'ch9',
    clientId: 'c1',
    kind: 'hubspot',
    target: 'https://api.hubapi.com',
    cadence: 'instant',
    status: 'active',
    disabledReason: '',
    createdAt: '2026-11-20T08:00:00Z',
    failingSince: null,
    mapping: { ownerId: '5', profileProperty: 'linkedin_url' },
  };

  it("edits the mapping, showing the server's field errors, and sends a test lead with a toast", async () => {
    const patches: unknown[] = [];
    let tests = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status });
        if (url.endsWith('/channels')) return json({ channels: [hubspot] });
        if (url.endsWith('/feed')) return json({ active: false, createdAt: null });
        if (url.includes('/deliveries?')) return json({ attempts: [] });
        if (method === 'PATCH' && url === '/api/admin/clients/c1/channels/ch9') {
          const body = JSON.parse(init?.body as string) as { mapping: { scoreProperty?: string } };
          patches.push(body);
          if (body.mapping.scoreProperty === 'taken') {
            return json({ error: 'invalid input', fields: { 'mapping.scoreProperty': 'no such HubSpot property' } }, 400);
          }
          return json({ channel: { ...hubspot, mapping: body.mapping } });
        }
        if (method === 'POST' && url === '/api/admin/clients/c1/channels/ch9/test') {
          tests++;
          return tests === 1
            ? json({
                ok: true,
                responseCode: 200,
                message: 'hubspot took the test lead (3 records made or updated)',
                records: { contact: '1' },
              })
            : json({ ok: false, responseCode: 401, message: 'hubspot answered 401: Authentication credentials not found.' });
        }
        return json({ error: 'unexpected' }, 500);
      }),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <ClientDeliveryPanel client={client} />
        <Toaster />
      </QueryClientProvider>,
    );
    const row = await screen.findByTestId('channel-ch9');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit mapping' }));
    const form = within(row).getByRole('form', { name: 'Mapping of the hubspot channel' });
    expect((within(form).getByLabelText('Owner id') as HTMLInputElement).value).toBe('5');
    await userEvent.type(within(form).getByLabelText('Score property'), 'taken');
    await userEvent.click(within(form).getByRole('button', { name: 'Save mapping' }));
    expect(await within(form).findByText('no such HubSpot property')).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('Score property'));
    await userEvent.type(within(form).getByLabelText('Score property'), 'sp_score');
    await userEvent.clear(within(form).getByLabelText('Owner id'));
    await userEvent.click(within(form).getByLabelText('Create a task for the owner'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save mapping' }));
    expect(await screen.findByText('Mapping saved')).toBeTruthy();
    // The whole mapping: the cleared owner gone, the field the form does not show kept.
    expect(patches[1]).toEqual({ mapping: { profileProperty: 'linkedin_url', scoreProperty: 'sp_score', task: true } });

    await userEvent.click(within(row).getByRole('button', { name: 'Send test lead' }));
    expect(await screen.findByText(/Test lead sent: hubspot took the test lead/)).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Send test lead' }));
    expect(await screen.findByText(/Test lead refused: hubspot answered 401/)).toBeTruthy();
  });
});
