import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import PortalInvitePage from './portal-invite-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

afterEach(() => vi.unstubAllGlobals());

/** fetch answering the page's public brand call with the agency's brand, and the rest with `rest`. */
function withBrand(rest: (url: string, init?: RequestInit) => Promise<Response>) {
  const calls: [string, RequestInit][] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/client/brand') return json(200, { name: 'Northwind Leads', logoUrl: '', primaryColor: '' });
    calls.push([url, init ?? {}]);
    return rest(url, init);
  });
  return { fetchMock, calls };
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/portal/invite/:token" element={<PortalInvitePage />} />
        <Route path="/portal" element={<p>inbox here</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('PortalInvitePage', () => {
  it('sends the token from the URL with the password and goes to the inbox', async () => {
    const { fetchMock, calls } = withBrand(async () => json(200, { csrfToken: 'c1', email: 'ana@x.io', client: { id: 'c', name: 'C' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/portal/invite/tok_123');
    // The agency's brand, not the product's, once the public brand call answers (the tab too).
    expect(await screen.findByTestId('portal-brand')).toHaveTextContent('Northwind Leads');
    expect(document.title).toBe('Accept your invite | Northwind Leads');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'a long portal password 42');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('inbox here')).toBeInTheDocument();
    const [url, init] = calls[0];
    expect(url).toBe('/api/client/invites/accept');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'tok_123', password: 'a long portal password 42' });
  });

  it("asks for an email when the invite names none, and shows the server's password rule", async () => {
    const answers = [
      json(400, { error: 'invalid', fields: { email: 'must be an email address' } }),
      json(400, { error: 'invalid', fields: { password: 'too common' } }),
    ];
    const { fetchMock, calls } = withBrand(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/portal/invite/tok_9');
    await userEvent.type(screen.getByLabelText('New password'), 'a long portal password 42');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('must be an email address');
    await userEvent.type(screen.getByLabelText('Email'), 'bo@x.io');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('too common')).toBeInTheDocument();
    const body = JSON.parse(String(calls[1][1].body)) as Record<string, string>;
    expect(body).toEqual({ token: 'tok_9', password: 'a long portal password 42', email: 'bo@x.io' });
  });
});
