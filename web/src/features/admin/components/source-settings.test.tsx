import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SourceHealthPanel } from './source-health-panel';

const base = {
  detail: '',
  lastSuccessAt: null,
  lastErrorAt: null,
  lastError: '',
  failingSince: null,
  pausedUntil: null,
  fetches24h: 0,
  posts24h: 0,
  errors24h: 0,
  rateLimits24h: 0,
  kind: 'live',
};
const settings = { problem: '', updatedAt: null, updatedBy: '', canSaveCredentials: true };
const sources = [
  {
    ...base,
    source: 'hackernews',
    state: 'ok',
    settings: { ...settings, enabled: true, enabledBy: 'environment', switch: 'HN_ENABLED', fields: [] },
  },
  {
    ...base,
    source: 'exa',
    state: 'ok',
    settings: {
      ...settings,
      enabled: true,
      enabledBy: 'default',
      switch: 'EXA_API_KEY',
      fields: [{ name: 'EXA_API_KEY', label: 'API key', secret: true, set: true, from: 'console', last4: '6789' }],
    },
  },
  { ...base, source: 'index', state: 'ok', detail: '1200 posts stored', kind: 'index' },
];

function renderPanel(handler: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SourceHealthPanel />
    </QueryClientProvider>,
  );
  return fetchMock;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('SourceSettingsList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the environment note, a credential only as set, and saves a new one from a password input', async () => {
    const fetchMock = renderPanel((_url, init) => (init?.method === 'PATCH' ? json(sources[1]) : json({ sources })));
    const hn = await screen.findByTestId('source-settings-hackernews');
    expect(hn.textContent).toContain('Set by environment (HN_ENABLED)');
    expect((within(hn).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
    const exa = screen.getByTestId('source-settings-exa');
    expect(exa.textContent).toContain('set (…6789)');
    const input = within(exa).getByLabelText(/API key/) as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'new-key-123' } });
    fireEvent.click(within(exa).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PATCH')).toBe(true));
    const patch = fetchMock.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(patch[0]).toBe('/api/admin/sources/exa');
    expect(JSON.parse(patch[1]!.body as string)).toEqual({ values: { EXA_API_KEY: 'new-key-123' } });
    expect(screen.getByTestId('source-index').textContent).toContain('1200 posts stored');
  });

  it('says why a save was refused and reports a Test', async () => {
    renderPanel((_url, init) => {
      if (init?.method === 'PATCH')
        return json(
          { error: 'SECRETS_KEY is not set: credentials cannot be saved', fields: { 'values.EXA_API_KEY': 'needs SECRETS_KEY' } },
          409,
        );
      if (init?.method === 'POST') return json({ ok: false, posts: 0, tookMs: 12, error: 'exa: 401 unauthorized' });
      return json({ sources });
    });
    const exa = await screen.findByTestId('source-settings-exa');
    fireEvent.change(within(exa).getByLabelText(/API key/), { target: { value: 'k' } });
    fireEvent.click(within(exa).getByRole('button', { name: 'Save' }));
    expect((await within(exa).findByRole('alert')).textContent).toContain('SECRETS_KEY is not set');
    expect(exa.textContent).toContain('needs SECRETS_KEY');
    fireEvent.click(within(exa).getByRole('button', { name: 'Test' }));
    expect((await within(exa).findByRole('status')).textContent).toContain('Failed: exa: 401 unauthorized');
  });
});
