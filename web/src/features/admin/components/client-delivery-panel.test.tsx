import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ClientDeliveryPanel } from './client-delivery-panel';
import { NoticesBell } from './notices-bell';

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

type Call = { url: string; method: string };

function renderWith(node: React.ReactNode, route: (url: string, method: string) => unknown) {
  const calls: Call[] = [];
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

describe('ClientDeliveryPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('enables a paused channel and retries a failed delivery once per delivery', async () => {
    const calls = renderWith(<ClientDeliveryPanel clientId="c1" />, (url) => {
      if (url.endsWith('/channels')) return { channels };
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
