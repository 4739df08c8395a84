import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useClient } from '../../api/get-client';
import type { Client } from '../../api/client-schema';
import { Invite } from './invite';

const client: Client = {
  id: 'c1',
  name: 'Acme',
  status: 'active',
  contact: { name: 'Ana', email: 'ana@acme.example', status: 'pending' },
  createdAt: '2026-11-27T08:00:00Z',
};

function renderInvite(answer: Record<string, unknown>) {
  const calls: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      calls.push(init?.body ? JSON.parse(init.body as string) : undefined);
      return new Response(JSON.stringify({ url: 'https://sp.example/portal/invite/tok', expiresAt: '2026-12-04T08:00:00Z', ...answer }), {
        status: 201,
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Invite client={client} />
    </QueryClientProvider>,
  );
  return calls;
}

const base = {
  id: 'c1',
  name: 'Acme',
  status: 'active',
  settings: {},
  createdAt: '2026-11-27T08:00:00Z',
};

function Page() {
  const client = useClient('c1');
  return client.data ? <Invite client={client.data} /> : null;
}

describe('Invite', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the invite was emailed to the contact', async () => {
    const calls = renderInvite({ email: 'ana@acme.example', emailed: true });
    await userEvent.click(screen.getByRole('button', { name: 'Create invite link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Emailed to ana@acme.example.');
    expect(screen.getByLabelText(/Invite link/)).toHaveValue('https://sp.example/portal/invite/tok');
    expect(calls[0]).toEqual({ email: 'ana@acme.example' });
  });

  it('says why an invite was not emailed, keeping the link', async () => {
    renderInvite({ email: 'ana@acme.example', emailed: false, emailError: 'connection refused' });
    await userEvent.click(screen.getByRole('button', { name: 'Create invite link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not emailed (connection refused)');
    expect(screen.getByLabelText(/Invite link/)).toHaveValue('https://sp.example/portal/invite/tok');
  });

  // Issue 31: the panel still said "pending" right after the invite was made.
  it('says the contact is invited once the invite is made', async () => {
    let invited = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          invited = true;
          return new Response(
            JSON.stringify({ url: 'https://sp.example/portal/invite/tok', email: 'sam@acme.example', expiresAt: '2026-12-13T08:00:00Z' }),
            {
              status: 201,
            },
          );
        }
        const contact = { name: 'Sam Lee', email: 'sam@acme.example', status: invited ? 'invited' : 'pending' };
        return new Response(JSON.stringify({ ...base, contact }), { status: 200 });
      }),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <Page />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('For Sam Lee (sam@acme.example), pending.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create invite link' }));
    expect(await screen.findByText('For Sam Lee (sam@acme.example), invited.')).toBeTruthy();
    expect(screen.queryByText(/pending/)).toBeNull();
    expect((screen.getByLabelText(/Invite link/) as HTMLInputElement).value).toBe('https://sp.example/portal/invite/tok');
  });
});
