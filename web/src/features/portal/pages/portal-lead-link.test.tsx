import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import PortalPage from './portal-page';
import PortalLoginPage from './portal-login-page';
import { afterLoginPath, portalLoginPath } from '../lib/lead-link';
import { clientLead } from '@/test/client-lead';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const lead = clientLead;

const me = { user: { id: 'u1', email: 'ana@acme.example' }, client: { id: 'c1', name: 'Acme', status: 'active' } };

/** fetch: a signed-in client (or signed out), the inbox's first page, and GET /api/client/leads/{id} from `one`. */
function stubPortal(signedIn: boolean, one: Record<string, Response> = {}) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      urls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/client/session') return signedIn ? json(200, { csrfToken: 'c' }) : json(401, { error: 'no session' });
      if (url === '/api/client/me') return json(200, me);
      if (url === '/api/client/login') return json(200, { csrfToken: 'c' });
      if (url.startsWith('/api/client/leads?')) return json(200, { leads: [lead('l1', 'Ana', 'Acme')], nextCursor: 'more' });
      const id = /^\/api\/client\/leads\/([^/?]+)$/.exec(url)?.[1];
      if (id) return one[id] ?? json(404, { error: 'not found' });
      return json(404, { error: 'not found' });
    }),
  );
  return urls;
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/portal',
        element: (
          <>
            <PortalPage />
            <Where />
          </>
        ),
      },
      {
        path: '/portal/login',
        element: (
          <>
            <PortalLoginPage />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  document.cookie = 'sp_client=1; path=/';
});
afterEach(() => vi.unstubAllGlobals());

/** Longer than Testing Library's default second: the whole portal mounts (and CI machines are busy). */
const slow = { timeout: 5000 };

describe('the portal opens the lead an email links to (/portal?lead=<id>)', () => {
  it('fetches a lead not on the first page by id and shows it, focused, above the inbox', async () => {
    const urls = stubPortal(true, { l9: json(200, lead('l9', 'Cy', 'Gamma')) });
    renderAt('/portal?lead=l9&utm_source=email');
    const above = await screen.findByRole('region', { name: 'The lead from your link' }, slow);
    const card = within(above).getByRole('listitem', { name: 'Lead from your link: Cy · Gamma' });
    await waitFor(() => expect(card).toHaveFocus(), slow);
    expect(urls).toContain('GET /api/client/leads/l9');
    expect(screen.getByTestId('where')).toHaveTextContent('/portal?lead=l9&utm_source=email');
  });

  it('highlights a linked lead already on the first page without fetching it again', async () => {
    const urls = stubPortal(true);
    renderAt('/portal?lead=l1');
    const card = await screen.findByRole('listitem', { name: 'Lead from your link: Ana · Acme' }, slow);
    await waitFor(() => expect(card).toHaveFocus(), slow);
    expect(urls).not.toContain('GET /api/client/leads/l1');
  });

  it("says another client's, a rejected or an unknown lead is not available (the 404), with the inbox below", async () => {
    stubPortal(true);
    renderAt('/portal?lead=theirs');
    expect(await screen.findByTestId('lead-unavailable', undefined, slow)).toHaveTextContent('This lead is not available');
    const inbox = screen.getByRole('region', { name: 'Leads inbox' });
    expect(within(inbox).getByRole('status')).toHaveTextContent('This lead is not available.');
    expect(within(inbox).queryByRole('alert')).toBeNull();
    expect(await within(inbox).findByText(/Ana · Acme/, undefined, slow)).toBeInTheDocument();
  });

  it('keeps the link (lead and other params) through sign-in when signed out', async () => {
    stubPortal(false);
    renderAt('/portal?lead=l9&utm_source=email');
    await waitFor(
      () =>
        expect(screen.getByTestId('where')).toHaveTextContent(
          `/portal/login?next=${encodeURIComponent('/portal?lead=l9&utm_source=email')}`,
        ),
      slow,
    );
    stubPortal(true, { l9: json(200, lead('l9', 'Cy', 'Gamma')) });
    await userEvent.type(screen.getByLabelText('Email'), 'ana@acme.example');
    await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/portal?lead=l9&utm_source=email'), slow);
    expect(await screen.findByRole('listitem', { name: 'Lead from your link: Cy · Gamma' }, slow)).toBeInTheDocument();
  });
});

describe('lead-link paths', () => {
  it('sends a signed-out visitor with a query to the sign-in page with it as next, and without one plainly', () => {
    expect(portalLoginPath({ pathname: '/portal', search: '?lead=l9&x=1' })).toBe('/portal/login?next=%2Fportal%3Flead%3Dl9%26x%3D1');
    expect(portalLoginPath({ pathname: '/portal', search: '' })).toBe('/portal/login');
  });

  it('comes back only to the portal after signing in (no open redirect)', () => {
    expect(afterLoginPath('/portal?lead=l9&x=1')).toBe('/portal?lead=l9&x=1');
    expect(afterLoginPath(null)).toBe('/portal');
    for (const bad of [
      'https://evil.example/portal',
      '//evil.example/portal',
      '/admin',
      '/portal/../admin',
      'javascript:alert(1)',
      '/\\evil.example',
    ]) {
      expect(afterLoginPath(bad)).toBe('/portal');
    }
  });
});
