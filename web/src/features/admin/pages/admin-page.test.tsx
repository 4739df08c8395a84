import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setCsrfToken } from '@/lib/admin/api-client';
import AdminPage from './admin-page';

const booking = {
  id: 'b1',
  kind: 'booking',
  createdAt: '2026-11-22T17:00:00Z',
  email: 'ana@acme.io',
  company: 'Acme',
  summary: 'Need more qualified leads',
  payload: { email: 'ana@acme.io', company: 'Acme', primaryChallenge: 'Need more qualified leads', timestamp: 1763800000000 },
  delivery: { state: 'failed', target: 'webhook', attempts: 3, lastError: 'webhook: 502 Bad Gateway', deliveredAt: null },
};
const onboarding = {
  ...booking,
  id: 'o1',
  kind: 'onboarding',
  summary: 'Acme',
  payload: { company_name: 'Acme', revenue_range: '1m_10m', company_sizes: ['Small (11-50)'], monthly_lead_goal: 50 },
  delivery: { state: 'delivered', target: 'webhook', attempts: 1, lastError: null, deliveredAt: '2026-11-22T17:00:05Z' },
};

type Handler = (init: RequestInit | undefined) => Response;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = routes[key];
    if (!handler) return json(404, { error: `no route ${key}` });
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const list =
  (items: unknown[], total = items.length) =>
  () =>
    json(200, { items, total, page: 1, pageSize: 25 });

describe('Admin console', () => {
  beforeEach(() => setCsrfToken(null));
  afterEach(() => {
    document.cookie = 'sp_admin=; max-age=0';
    vi.unstubAllGlobals();
  });

  it('signs in, shows errors from the API, then lists the submissions', async () => {
    let signedIn = false;
    mockApi({
      'GET /api/admin/session': () =>
        signedIn ? json(200, { email: 'op@x.io', csrfToken: 'tok', expiresAt: null }) : json(401, { error: 'authentication required' }),
      'POST /api/admin/login': (init) => {
        const body = JSON.parse(String(init?.body));
        if (body.password !== 'right') return json(401, { error: 'Invalid email or password' });
        signedIn = true;
        document.cookie = 'sp_admin=1'; // what the server's Set-Cookie does
        return json(200, { email: 'op@x.io', csrfToken: 'tok' });
      },
      'GET /api/admin/submissions?kind=booking&page=1&pageSize=25': list([booking]),
      'GET /api/admin/submissions?kind=onboarding&page=1&pageSize=25': list([onboarding]),
    });
    const user = userEvent.setup();
    render(<AdminPage />);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-describedby', 'admin-email-error');

    await user.type(screen.getByLabelText('Email'), 'op@x.io');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Need more qualified leads')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', '/api/admin/submissions.csv?kind=booking');
    expect(screen.getByRole('link', { name: 'Blog admin' })).toHaveAttribute('href', '/blog/admin');
    expect(screen.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/analytics');

    await user.click(screen.getByRole('tab', { name: 'Onboarding' }));
    expect(await screen.findByText('Delivered')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Export CSV/ })).toHaveAttribute('href', '/api/admin/submissions.csv?kind=onboarding');
  });

  it('says when sign-in is rate limited', async () => {
    mockApi({
      'GET /api/admin/session': () => json(401, { error: 'authentication required' }),
      'POST /api/admin/login': () =>
        new Response(JSON.stringify({ error: 'too many attempts' }), { status: 429, headers: { 'Retry-After': '300' } }),
    });
    const user = userEvent.setup();
    render(<AdminPage />);
    await user.type(await screen.findByLabelText('Email'), 'op@x.io');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Try again in 5 minutes.');
  });

  it('shows the detail and delivery state, retries with the CSRF token, and returns to sign-in on 401', async () => {
    let retried: RequestInit | undefined;
    let expired = false;
    document.cookie = 'sp_admin=1'; // signed in earlier
    mockApi({
      'GET /api/admin/session': () =>
        expired ? json(401, { error: 'authentication required' }) : json(200, { email: 'op@x.io', csrfToken: 'tok-123' }),
      'GET /api/admin/submissions?kind=booking&page=1&pageSize=25': list([booking]),
      'GET /api/admin/submissions?kind=onboarding&page=1&pageSize=25': () =>
        expired ? json(401, { error: 'authentication required' }) : list([onboarding])(),
      'GET /api/admin/submissions/b1': () => json(200, booking),
      'GET /api/admin/submissions/o1': () => json(200, onboarding),
      'POST /api/admin/submissions/b1/retry': (init) => {
        retried = init;
        return json(202, { ...booking, delivery: { ...booking.delivery, state: 'pending' } });
      },
    });
    const user = userEvent.setup();
    render(<AdminPage />);
    await user.click(await screen.findByRole('button', { name: /^View/ }));
    expect(await screen.findByText('webhook: 502 Bad Gateway')).toBeInTheDocument();
    expect(screen.getByText('Primary challenge')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry delivery' }));
    expect(await screen.findByText('Delivery queued again.')).toBeInTheDocument();
    expect((retried?.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok-123');

    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    await user.click(screen.getByRole('tab', { name: 'Onboarding' }));
    await user.click(await screen.findByRole('button', { name: /^View/ }));
    const revenue = await screen.findByText('Annual revenue');
    expect(within(revenue.parentElement!).getByText('$1M – $10M')).toBeInTheDocument();
    expect(screen.getByText('Small (11-50)')).toBeInTheDocument();

    expired = true;
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    // The list refetches on return; its 401 drops the session.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument());
  });
});
