import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SourceHealthPanel } from './source-health-panel';

const sources = [
  {
    source: 'hackernews',
    state: 'failing',
    detail: 'failing since 2026-11-27T06:00:00Z',
    lastSuccessAt: '2026-11-26T10:00:00Z',
    lastErrorAt: '2026-11-27T07:30:00Z',
    lastError: 'hn.algolia.com unreachable: cannot resolve host',
    failingSince: '2026-11-27T06:00:00Z',
    pausedUntil: null,
    fetches24h: 9,
    posts24h: 12,
    errors24h: 6,
    rateLimits24h: 0,
  },
  {
    source: 'exa',
    state: 'unconfigured',
    detail: 'needs EXA_API_KEY',
    lastSuccessAt: null,
    lastErrorAt: null,
    lastError: '',
    failingSince: null,
    pausedUntil: null,
    fetches24h: 0,
    posts24h: 0,
    errors24h: 0,
    rateLimits24h: 0,
  },
  {
    source: 'rss',
    state: 'ok',
    detail: '',
    lastSuccessAt: '2026-11-27T07:00:00Z',
    lastErrorAt: null,
    lastError: '',
    failingSince: null,
    pausedUntil: null,
    fetches24h: 4,
    posts24h: 31,
    errors24h: 0,
    rateLimits24h: 2,
  },
];

function renderPanel(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SourceHealthPanel />
    </QueryClientProvider>,
  );
}

describe('SourceHealthPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each source with its state badge, why, and the 24-hour counts', async () => {
    renderPanel(() => new Response(JSON.stringify({ sources }), { status: 200 }));
    const hn = await screen.findByTestId('source-hackernews');
    expect(within(hn).getByText('Failing')).toBeTruthy();
    expect(within(hn).getByText('failing since 2026-11-27T06:00:00Z')).toBeTruthy();
    expect(within(hn).getByText('hn.algolia.com unreachable: cannot resolve host')).toBeTruthy();
    expect(within(hn).getByText('12 posts')).toBeTruthy();
    expect(hn.textContent).toContain('6 errors · 0 limits');
    const exa = screen.getByTestId('source-exa');
    expect(within(exa).getByText('Not configured')).toBeTruthy();
    expect(within(exa).getByText('needs EXA_API_KEY')).toBeTruthy();
    expect(within(screen.getByTestId('source-rss')).getByText('OK')).toBeTruthy();
    expect(screen.getByTestId('source-rss').textContent).toContain('0 errors · 2 limits');
  });

  it('says when the report cannot be loaded', async () => {
    renderPanel(() => new Response(JSON.stringify({ error: 'authentication required' }), { status: 401 }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the source health');
  });
});
