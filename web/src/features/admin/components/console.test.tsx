import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setCsrfToken } from '@/lib/admin/api-client';
import AdminPage from '../pages/admin-page';

type Handler = (init: RequestInit | undefined) => Response;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function mockApi(routes: Record<string, Handler>) {
  const calls: { key: string; init?: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      calls.push({ key, init });
      const handler = routes[key];
      return handler ? handler(init) : json(404, { error: `no route ${key}` });
    }),
  );
  return calls;
}

const booking = {
  id: 'b2',
  kind: 'booking',
  createdAt: '2026-11-22T17:00:00Z',
  email: 'ana@acme.io',
  company: 'Acme',
  summary: 'Need leads',
  payload: {},
  delivery: { state: 'delivered', target: 'webhook', attempts: 1, lastError: null, deliveredAt: null },
};
const page = (items: unknown[]) => () => json(200, { items, total: items.length, page: 1, pageSize: 25 });
const base = {
  'GET /api/admin/session': () => json(200, { email: 'op@x.io', csrfToken: 'tok' }),
  'GET /api/admin/submissions?kind=booking&page=1&pageSize=25': page([booking]),
  'GET /api/admin/submissions?kind=onboarding&page=1&pageSize=25': page([]),
};
const client = (over: Record<string, unknown>) => ({
  id: 'c1',
  name: 'Acme',
  status: 'active',
  icp: {},
  settings: {},
  contact: null,
  submissionId: null,
  createdAt: '2026-11-01T00:00:00Z',
  leadsThisMonth: 0,
  lastRun: null,
  failingSources: [],
  failedDeliveries: 0,
  ...over,
});

describe('Owner console', () => {
  beforeEach(() => {
    setCsrfToken(null);
    document.cookie = 'sp_admin=1';
  });
  afterEach(() => {
    document.cookie = 'sp_admin=; max-age=0';
    vi.unstubAllGlobals();
  });

  it('badges new submissions in the nav and marks a kind seen, up to its newest, once its list is shown', async () => {
    const unseen = { booking: 2, onboarding: 1 };
    const calls = mockApi({
      ...base,
      'GET /api/admin/submissions?kind=onboarding&page=1&pageSize=25': page([
        { ...booking, id: 'o7', kind: 'onboarding', summary: 'Onb Co' },
      ]),
      'GET /api/admin/badges': () => json(200, unseen),
      'POST /api/admin/badges/seen': (init) => {
        unseen[JSON.parse(String(init?.body)).kind as 'booking' | 'onboarding'] = 0;
        return json(200, unseen);
      },
    });
    const marks = () => calls.filter((c) => c.key === 'POST /api/admin/badges/seen').map((c) => JSON.parse(String(c.init?.body)));
    const user = userEvent.setup();
    render(<AdminPage />);
    // (jsdom's accessible names drop the spaces around the badge's screen-reader text, hence \s*.)
    // The bookings list is shown first: bookings are marked seen, onboardings still count.
    expect(await screen.findByText('Need leads')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Submissions\s*\(1\s*new\)$/ })).toBeInTheDocument());
    expect(marks()).toEqual([{ kind: 'booking', upTo: 'b2' }]);
    const mark = calls.find((c) => c.key === 'POST /api/admin/badges/seen')!;
    expect((mark.init?.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok');
    expect(screen.getByRole('tab', { name: /^Onboarding\s*\(1\s*new\)$/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Booking' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /^Onboarding\s*\(1\s*new\)$/ }));
    expect(await screen.findByText('Onb Co')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submissions' })).toBeInTheDocument());
    expect(marks()).toEqual([
      { kind: 'booking', upTo: 'b2' },
      { kind: 'onboarding', upTo: 'o7' },
    ]);
  });

  it("lists clients as cards with their month's leads, last run, failing sources and failed deliveries", async () => {
    mockApi({
      ...base,
      'GET /api/admin/clients': () =>
        json(200, {
          clients: [
            client({
              leadsThisMonth: 42,
              lastRun: { at: '2026-11-27T08:00:00Z', status: 'partial' },
              failingSources: ['hackernews', 'index'],
              failedDeliveries: 3,
            }),
            client({ id: 'c2', name: 'Quiet Co' }),
          ],
        }),
    });
    const user = userEvent.setup();
    render(<AdminPage />);
    await user.click(await screen.findByRole('button', { name: /^Clients/ }));
    const list = await screen.findByRole('list', { name: 'Clients' });
    const [acme, quiet] = within(list).getAllByRole('listitem');
    expect(acme).toHaveTextContent(/Leads this month\s*42/);
    expect(acme).toHaveTextContent(/Last run\s*partial/);
    expect(acme).toHaveTextContent(/Failing sources\s*hackernews, index/);
    expect(acme).toHaveTextContent(/Failed deliveries\s*3/);
    expect(quiet).toHaveTextContent(/Last run\s*never/);
    expect(quiet).toHaveTextContent(/Failing sources\s*none/);
    expect(within(list).getByRole('button', { name: 'Open Quiet Co' })).toBeInTheDocument();
  });

  it('pages the newsletter sign-ups on the server and links the CSV export', async () => {
    const signups = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({ email: `r${from + i}@x.io`, createdAt: '2026-11-20T00:00:00Z' }));
    mockApi({
      ...base,
      'GET /api/admin/newsletter?page=1&pageSize=25': () => json(200, { items: signups(25, 0), total: 27, page: 1, pageSize: 25 }),
      'GET /api/admin/newsletter?page=2&pageSize=25': () => json(200, { items: signups(2, 25), total: 27, page: 2, pageSize: 25 }),
    });
    const user = userEvent.setup();
    render(<AdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Newsletter' }));
    const list = await screen.findByRole('list', { name: 'Newsletter sign-ups' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expect(screen.getByText('27 sign-ups · page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/newsletter.csv');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('r26@x.io')).toBeInTheDocument();
    expect(screen.getByText('27 sign-ups · page 2 of 2')).toBeInTheDocument();
  });

  it('reopens a past search with all its leads and files it under a client', async () => {
    const search = {
      id: 's1',
      status: 'complete',
      owner: 'op@x.io',
      icp: { targetTitles: ['VP Sales'], industries: ['Fintech'] },
      queries: ['"vp sales" fintech'],
      leadCount: 30,
      createdAt: '2026-11-26T10:00:00Z',
    };
    const leads = Array.from({ length: 30 }, (_, i) => ({
      id: `lead_${i}`,
      name: `Person ${i}`,
      company: 'Co',
      signal: 'raised a round',
      intentScore: 90 - i,
      intentTier: i < 5 ? 'hot' : 'warm',
      url: `https://ex.com/${i}`,
    }));
    let filed: RequestInit | undefined;
    mockApi({
      ...base,
      'GET /api/admin/searches?limit=25': () => json(200, { searches: [search], nextCursor: 'next1' }),
      'GET /api/admin/searches?limit=25&cursor=next1': () =>
        json(200, { searches: [{ ...search, id: 's0', icp: {}, queries: ['older'], clientId: 'c1' }], nextCursor: '' }),
      'GET /api/admin/searches/s1': () => json(200, { search, leads }),
      'GET /api/admin/clients': () => json(200, { clients: [client({})] }),
      'POST /api/admin/searches/s1/file': (init) => {
        filed = init;
        return json(200, { clientId: 'c1', added: 28, skipped: 2 });
      },
    });
    const user = userEvent.setup();
    render(<AdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Searches' }));
    expect(await screen.findByText('VP Sales, Fintech')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('older')).toBeInTheDocument();
    expect(screen.getByText(/filed under Acme/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reopen VP Sales, Fintech' }));
    const list = await screen.findByRole('list', { name: 'Leads of the search' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(30);
    await user.selectOptions(screen.getByLabelText('File under client'), 'c1');
    await user.click(screen.getByRole('button', { name: 'File leads' }));
    expect(await screen.findByRole('status')).toHaveTextContent('28 leads added to the inbox; 2 the client already had.');
    expect(JSON.parse(String(filed?.body))).toEqual({ clientId: 'c1' });
  });
});
