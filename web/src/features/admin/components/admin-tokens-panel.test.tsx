import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminTokensPanel } from './admin-tokens-panel';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

afterEach(() => vi.unstubAllGlobals());

describe('AdminTokensPanel', () => {
  it('makes an admin token with the scopes chosen, shown once, and revokes one', async () => {
    let tokens = [
      { id: 'a1', name: 'old desk', scopes: ['leads:read'], createdBy: 'op@x.io', createdAt: '2026-11-27T09:00:00Z', lastUsedAt: null },
    ];
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        if (method !== 'GET') calls.push(`${method} ${url} ${String(init?.body ?? '')}`);
        if (method === 'GET' && url === '/api/admin/tokens')
          return json(200, { tokens, scopes: ['leads:read', 'leads:write', 'agents:run'] });
        if (method === 'POST' && url === '/api/admin/tokens') {
          const b = JSON.parse(String(init?.body)) as { name: string; scopes: string[] };
          tokens = [
            ...tokens,
            { id: 'a2', name: b.name, scopes: b.scopes, createdBy: 'op@x.io', createdAt: '2026-11-27T10:00:00Z', lastUsedAt: null },
          ];
          return json(201, { id: 'a2', token: 'sp_admin_secret', name: b.name, scopes: b.scopes, createdAt: '2026-11-27T10:00:00Z' });
        }
        if (method === 'DELETE' && url === '/api/admin/tokens/a1') {
          tokens = tokens.filter((t) => t.id !== 'a1');
          return new Response(null, { status: 204 });
        }
        return json(404, { error: 'not found' });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AdminTokensPanel />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('admin-token-a1')).toHaveTextContent('leads:read');
    await userEvent.click(screen.getByRole('button', { name: 'Make token' }));
    expect(await screen.findByText('Name the token')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.type(screen.getByLabelText('Token name'), 'Claude Desktop');
    await userEvent.click(screen.getByRole('checkbox', { name: /Update leads/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Make token' }));
    expect(((await screen.findByLabelText(/shown once/)) as HTMLInputElement).value).toBe('sp_admin_secret');
    expect(await screen.findByTestId('admin-token-a2')).toHaveTextContent('leads:read, leads:write');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke old desk' }));
    await vi.waitFor(() => expect(screen.queryByTestId('admin-token-a1')).toBeNull());
    expect(calls).toEqual([
      'POST /api/admin/tokens {"name":"Claude Desktop","scopes":["leads:read","leads:write"]}',
      'DELETE /api/admin/tokens/a1 ',
    ]);
  });
});
