import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { setCsrfToken } from '@/lib/admin/api-client';
import AnalyticsPage from './analytics-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function report(period: string, pageViews: number, recorded = true) {
  const hourly = period === '24h';
  return {
    period,
    recorded,
    pageViews,
    uniqueVisitors: Math.round(pageViews / 2),
    sessions: 4,
    avgSessionSeconds: 95,
    bounceRate: 25,
    topPages: recorded ? [{ path: '/pricing-test', views: pageViews, percentage: 100 }] : [],
    bucket: hourly ? 'hour' : 'day',
    dailyViews: hourly
      ? [{ date: '2026-11-22T14:00:00Z', views: pageViews }]
      : [
          { date: '2026-11-21', views: 0 },
          { date: '2026-11-22', views: pageViews },
        ],
  };
}

function mockApi(signedIn: boolean, recorded = true) {
  // The server sets the session hint cookie beside the session.
  document.cookie = signedIn ? 'sp_admin=1' : 'sp_admin=; max-age=0';
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/admin/session') {
      return signedIn ? json(200, { email: 'op@x.io', csrfToken: 't', expiresAt: null }) : json(401, { error: 'authentication required' });
    }
    const m = /period=(\w+)/.exec(url);
    if (m) {
      if (!signedIn) return json(401, { error: 'authentication required' });
      return json(200, report(m[1], !recorded ? 0 : m[1] === '24h' ? 12 : 345, recorded));
    }
    return json(404, { error: 'not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/analytics']}>
      <AnalyticsPage />
    </MemoryRouter>,
  );
}

const figure = (label: string) => screen.getByText(label).closest('div')!.querySelector('dd')!;
const pressed = () => screen.getAllByRole('button', { pressed: true }).map((b) => b.textContent);

describe('/analytics', () => {
  afterEach(() => {
    document.cookie = 'sp_admin=; max-age=0';
    vi.unstubAllGlobals();
    setCsrfToken(null);
  });

  it('shows the sample to a visitor; the period only moves the highlight', async () => {
    const fetchMock = mockApi(false);
    const user = userEvent.setup();
    renderPage();
    await vi.waitFor(() => expect(screen.getByTestId('sample-note')).toBeInTheDocument());
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Last 24 Hours',
      'Last 7 Days',
      'Last 30 Days',
      'Last 90 Days',
    ]);
    expect(pressed()).toEqual(['Last 7 Days']);
    expect(figure('Page Views')).toHaveTextContent('12,543');
    expect(figure('Unique Visitors')).toHaveTextContent('3,421');
    expect(figure('Avg. Session')).toHaveTextContent('2m 34s');
    expect(figure('Bounce Rate')).toHaveTextContent('42.3%');
    expect(within(screen.getByTestId('top-pages')).getAllByRole('listitem')[0]).toHaveTextContent('/4,521 · 36.0%');
    const bars = screen.getByTestId('views-chart').querySelectorAll<HTMLElement>('[data-views]');
    expect(bars).toHaveLength(7);
    expect(bars[5].style.height).toBe(`${(2234 / 2500) * 100}%`); // scaled against 2500
    expect(screen.getByTestId('sample-note')).toHaveTextContent('Connect a real database');

    await user.click(screen.getByRole('button', { name: 'Last 30 Days' }));
    expect(pressed()).toEqual(['Last 30 Days']);
    expect(figure('Page Views')).toHaveTextContent('12,543');
    // Without the session hint a visitor's browser never calls the admin API (no 401 in its console).
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows real figures to an admin and the period changes the data', async () => {
    const fetchMock = mockApi(true);
    const user = userEvent.setup();
    renderPage();
    await vi.waitFor(() => expect(figure('Page Views')).toHaveTextContent('345'));
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/analytics?period=7d', expect.anything());
    expect(figure('Unique Visitors')).toHaveTextContent('173');
    expect(figure('Avg. Session')).toHaveTextContent('1m 35s');
    expect(figure('Bounce Rate')).toHaveTextContent('25.0%');
    expect(screen.getByTestId('top-pages')).toHaveTextContent('/pricing-test345 · 100.0%');
    expect(screen.queryByTestId('sample-note')).not.toBeInTheDocument();
    expect(screen.getByTestId('analytics-mode')).toHaveTextContent('Last 7 Days');

    await user.click(screen.getByRole('button', { name: 'Last 24 Hours' }));
    await vi.waitFor(() => expect(figure('Page Views')).toHaveTextContent('12'));
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/analytics?period=24h', expect.anything());
    expect(screen.getByRole('heading', { name: 'Hourly Views' })).toBeInTheDocument();
    expect(pressed()).toEqual(['Last 24 Hours']);
  });

  // Issue 31 item 7: the sample is the public placeholder only; an owner sees the recorded
  // figures, and zero is a figure.
  it('shows an admin the recorded zeros, never the sample', async () => {
    const fetchMock = mockApi(true, false);
    renderPage();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/admin/analytics?period=7d', expect.anything()));
    await vi.waitFor(() => expect(figure('Page Views')).toHaveTextContent(/^0$/));
    expect(figure('Unique Visitors')).toHaveTextContent(/^0$/);
    expect(screen.queryByText('12,543')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sample-note')).not.toBeInTheDocument();
    expect(screen.getByTestId('analytics-mode')).toHaveTextContent('Live first-party analytics · Last 7 Days');
    expect(screen.getByTestId('nothing-recorded')).toBeInTheDocument();
  });
});
