import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router';
import { PageViewBeacon } from './page-view-beacon';

describe('PageViewBeacon', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends one beacon per route change with the path, the referrer only on the first', async () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/resources']}>
        <PageViewBeacon />
        <Link to="/blog?x=1">blog</Link>
        <Link to="/blog?x=2">blog again</Link>
      </MemoryRouter>,
    );
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon).toHaveBeenLastCalledWith('/api/analytics/pageview', JSON.stringify({ path: '/resources', referrer: document.referrer }));
    await user.click(screen.getByText('blog'));
    expect(beacon).toHaveBeenLastCalledWith('/api/analytics/pageview', JSON.stringify({ path: '/blog', referrer: '' }));
    await user.click(screen.getByText('blog again')); // same path, other query: not a new page
    expect(beacon).toHaveBeenCalledTimes(2);
  });

  it('falls back to fetch with keepalive when sendBeacon is missing', () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined });
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter initialEntries={['/']}>
        <PageViewBeacon />
      </MemoryRouter>,
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/analytics/pageview', expect.objectContaining({ method: 'POST', keepalive: true }));
  });
});
