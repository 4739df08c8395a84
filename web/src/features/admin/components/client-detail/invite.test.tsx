import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Invite } from './invite';
import type { Client } from '../../api/clients';

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
});
