import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ClientDeliveryPanel } from './client-delivery-panel';
import type { Client } from '../api/clients';

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
