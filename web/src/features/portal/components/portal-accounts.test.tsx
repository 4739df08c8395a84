import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PortalAccounts } from './portal-accounts';

const acme = {
  id: 'a1',
  name: 'Acme, Inc.',
  domain: 'acme.com',
  score: 74,
  whyNow: 'In the last 30 days: discussed LaunchDarkly on Hacker News (Head of Platform); opened 3 roles; new VP Engineering (Ana Ruiz).',
  lastSignalAt: '2026-12-03T12:00:00Z',
  signals: [
    {
      type: 'competitor_engagement',
      url: 'https://news.example/1',
      at: '2026-12-03T12:00:00Z',
      leadId: 'l1',
      source: 'hackernews',
      platform: 'hackernews',
      person: 'Sam Lee',
      title: 'Head of Platform',
      summary: 'Looking for LaunchDarkly alternatives',
      score: 80,
      state: 'new',
      confidence: 0.75,
    },
  ],
  people: [
    {
      name: 'Sam Lee',
      title: 'Head of Platform',
      showedUp: ['competitor complaint'],
      leadIds: ['l1'],
      lastAt: '2026-12-03T12:00:00Z',
      state: 'new',
    },
  ],
};

describe('PortalAccounts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists accounts best first with why now and the timeline', async () => {
    const fetchMock = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify({ accounts: [acme, { ...acme, id: 'a2', name: 'Globex', score: 45, whyNow: '' }], nextCursor: '' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PortalAccounts />
      </QueryClientProvider>,
    );
    const items = await screen.findAllByRole('listitem');
    expect(items[0].textContent).toContain('Acme, Inc.');
    expect(screen.getByText(/discussed LaunchDarkly/)).toBeTruthy();
    expect(screen.getByLabelText('Score 74 of 100')).toBeTruthy();
    expect(screen.getAllByText(/Timeline: 1 signal, 1 person/)).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'source' })[0].getAttribute('href')).toBe('https://news.example/1');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/client/accounts.csv');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/client/accounts?limit=100');
  });

  it("shows a draft per person of the buying committee when asked, from the account's own read", async () => {
    const detail = {
      ...acme,
      people: [
        {
          ...acme.people[0],
          seniority: 'executive',
          draft: { templateId: 'competitor-engagement', subject: 'Before your next renewal', body: 'Hi Sam,\n\nI saw your post.' },
        },
      ],
    };
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/client/accounts/a1')
        ? new Response(JSON.stringify(detail))
        : new Response(JSON.stringify({ accounts: [acme], nextCursor: '' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PortalAccounts />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Draft for each person' }));
    const drafts = await screen.findByRole('list', { name: 'Drafts for the buying committee' });
    expect(drafts).toHaveTextContent('Sam Lee, Head of Platform');
    expect(drafts).toHaveTextContent('executive');
    expect(drafts).toHaveTextContent('Subject: Before your next renewal');
    expect(drafts).toHaveTextContent('Hi Sam,');
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain('/api/client/accounts/a1');
  });

  it('says when there are none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ accounts: [], nextCursor: '' }))),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PortalAccounts />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/No accounts yet/)).toBeTruthy();
  });
});
