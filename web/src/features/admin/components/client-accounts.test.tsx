import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ClientAccounts } from './client-accounts';

const account = (id: string, name: string, domain: string, score: number) => ({
  id,
  name,
  domain,
  score,
  whyNow: `In the last 7 days: discussed ${name} on Reddit.`,
  signals: [
    {
      type: 'tech_research',
      url: `https://r.example/${id}`,
      at: '2026-12-03T12:00:00Z',
      leadId: `l${id}`,
      platform: 'reddit',
      person: '',
      title: '',
      summary: '',
      review: 'pending',
    },
  ],
  people: [],
});

describe('ClientAccounts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the owner view with pending leads and merges one account into another', async () => {
    const calls: string[] = [];
    let list = [account('a1', 'Acme', 'acme.com', 74), account('a2', 'Acme', 'acme.io', 40)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url} ${init?.body ?? ''}`.trim());
        if (init?.method === 'POST') {
          list = [list[0]];
          return new Response(JSON.stringify(list[0]));
        }
        return new Response(JSON.stringify({ accounts: list, nextCursor: '' }));
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ClientAccounts clientId="c1" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/acme\.io/, { selector: 'span' })).toBeTruthy();
    expect(screen.getAllByText(/\(pending\)/)).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/clients/c1/accounts.csv?include=pending',
    );
    const selects = screen.getAllByLabelText('Same company as');
    await userEvent.selectOptions(selects[1], 'a1');
    await userEvent.click(screen.getAllByRole('button', { name: 'Merge' })[1]);
    await waitFor(() => expect(screen.queryByText(/acme\.io/, { selector: 'span' })).toBeNull());
    expect(calls).toContain('POST /api/admin/clients/c1/accounts/a2/merge {"into":"a1"}');
    expect(calls[0]).toBe('GET /api/admin/clients/c1/accounts?include=pending&limit=100');
  });
});
