import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PortalFeed } from './portal-feed';

describe('PortalFeed', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes the feed URL and shows it once', async () => {
    let active = false;
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        active = true;
        return new Response(JSON.stringify({ url: 'https://sp.example/feeds/tok.atom', createdAt: '2026-11-27T09:00:00Z' }), {
          status: 201,
        });
      }
      return new Response(JSON.stringify({ active, createdAt: null }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PortalFeed />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Make a feed URL' }));
    expect(((await screen.findByLabelText(/Your feed URL/)) as HTMLInputElement).value).toBe('https://sp.example/feeds/tok.atom');
    expect(await screen.findByRole('button', { name: 'Make a new feed URL' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`)).toEqual([
      'GET /api/client/feed',
      'POST /api/client/feed',
      'GET /api/client/feed',
    ]);
  });
});
