import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PortalAgents } from './portal-agents';
import { PortalDelivery } from './portal-delivery';
import { PortalTokens } from './portal-tokens';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const agent = {
  id: 'ag1',
  name: 'CRM switchers',
  status: 'active',
  active: true,
  signalTypes: ['funding_event'],
  queries: ['crm migration'],
  sources: [],
  threshold: 40,
  schedule: '6h',
  lastRunAt: null,
  createdAt: '2026-11-27T09:00:00Z',
};

type Call = { method: string; url: string; body: unknown };

/** Stubs fetch with a router of "METHOD /path" → answer, recording the calls. */
function stub(routes: Record<string, (body: unknown) => Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method, url, body });
      const h = routes[`${method} ${url}`];
      return h ? h(body) : json(404, { error: 'not found' });
    }),
  );
  return calls;
}

function wrap(node: ReactNode) {
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</QueryClientProvider>);
}

afterEach(() => vi.unstubAllGlobals());

describe('PortalAgents', () => {
  it('is read-only when the admin has not allowed edits', async () => {
    stub({ 'GET /api/client/agents': () => json(200, { agents: [agent], mayEdit: false }) });
    wrap(<PortalAgents />);
    const card = await screen.findByTestId('agent-ag1');
    expect(within(card).getByText('CRM switchers')).toBeInTheDocument();
    expect(within(card).getByText('6h')).toBeInTheDocument();
    expect(within(card).getByText('never')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('Ask your account manager');
  });

  it('edits name, queries, signals and pauses the agent; an empty name is refused before any call', async () => {
    let current = { ...agent };
    const calls = stub({
      'GET /api/client/agents': () => json(200, { agents: [current], mayEdit: true }),
      'PATCH /api/client/agents/ag1': (b) => {
        const e = b as { name: string; queries: string[]; signalTypes: string[]; active: boolean };
        current = { ...current, ...e, status: e.active ? 'active' : 'paused' };
        return json(200, current);
      },
    });
    wrap(<PortalAgents />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save agent' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await userEvent.type(name, 'Switchers');
    const queries = screen.getByLabelText('Queries (one per line)');
    await userEvent.clear(queries);
    await userEvent.type(queries, 'crm migration{enter}  {enter}hubspot alternative');
    await userEvent.click(screen.getByLabelText('Hiring'));
    await userEvent.click(screen.getByLabelText(/Active/));
    await userEvent.click(screen.getByRole('button', { name: 'Save agent' }));
    expect(await screen.findByText('paused')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Switchers',
      queries: ['crm migration', 'hubspot alternative'],
      signalTypes: ['hiring_activity', 'funding_event'], // in the form's order
      active: false,
    });
  });

  it("shows the server's field message", async () => {
    stub({
      'GET /api/client/agents': () => json(200, { agents: [agent], mayEdit: true }),
      'PATCH /api/client/agents/ag1': () => json(400, { error: 'invalid input', fields: { queries: 'unbalanced parenthesis' } }),
    });
    wrap(<PortalAgents />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save agent' }));
    expect(await screen.findAllByText('unbalanced parenthesis')).not.toHaveLength(0);
  });
});

describe('PortalDelivery', () => {
  const channel = {
    id: 'ch1',
    kind: 'slack',
    target: 'https://hooks.slack.com/…',
    cadence: 'daily',
    status: 'paused',
    disabledReason: '',
    failingSince: null,
    createdAt: '2026-11-27T09:00:00Z',
  };
  const feed = { 'GET /api/client/feed': () => json(200, { active: false, createdAt: null }) };

  it('lists channels read-only without the add form or Enable', async () => {
    stub({ ...feed, 'GET /api/client/channels': () => json(200, { channels: [channel], mayEdit: false, mailConfigured: true }) });
    wrap(<PortalDelivery />);
    const card = await screen.findByTestId('portal-channel-ch1');
    expect(card).toHaveTextContent('Daily digest');
    expect(within(card).queryByRole('button', { name: 'Enable' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add a channel' })).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('delivery channels');
  });

  it('adds a webhook and shows its secret once; enables a paused channel', async () => {
    const calls = stub({
      ...feed,
      'GET /api/client/channels': () => json(200, { channels: [channel], mayEdit: true, mailConfigured: false }),
      'POST /api/client/channels': () => json(201, { id: 'ch2', secret: 'whsec_abc', channel: {} }),
      'POST /api/client/channels/ch1/enable': () => json(200, { channel: {}, requeued: 0 }),
    });
    wrap(<PortalDelivery />);
    const form = await screen.findByRole('form', { name: 'Add a channel' });
    expect(within(form).queryByRole('option', { name: 'Email' })).toBeNull(); // no SMTP on the server
    await userEvent.selectOptions(within(form).getByLabelText('Kind'), 'webhook');
    await userEvent.type(within(form).getByLabelText('Webhook URL'), 'not a url');
    await userEvent.click(within(form).getByRole('button', { name: 'Add channel' }));
    expect(await within(form).findByText('Enter an http or https URL')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Webhook URL'));
    await userEvent.type(within(form).getByLabelText('Webhook URL'), 'https://crm.example/hook');
    await userEvent.click(within(form).getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByText('whsec_abc')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/client/channels')?.body).toEqual({
      kind: 'webhook',
      target: 'https://crm.example/hook',
      cadence: 'instant',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Channel enabled.')).toBeInTheDocument();
  });
});

describe('PortalTokens', () => {
  it('makes a token shown once and revokes one', async () => {
    let tokens = [{ id: 't1', name: 'old', createdBy: 'ana@x.io', createdAt: '2026-11-27T09:00:00Z', lastUsedAt: null }];
    const calls = stub({
      'GET /api/client/tokens': () => json(200, { tokens }),
      'POST /api/client/tokens': (b) => {
        tokens = [
          ...tokens,
          { id: 't2', name: (b as { name: string }).name, createdBy: 'ana@x.io', createdAt: '2026-11-27T10:00:00Z', lastUsedAt: null },
        ];
        return json(201, { id: 't2', token: 'sp_live_secret', name: 'CRM', scopes: ['leads:read'], createdAt: '2026-11-27T10:00:00Z' });
      },
      'DELETE /api/client/tokens/t1': () => {
        tokens = tokens.filter((t) => t.id !== 't1');
        return new Response(null, { status: 204 });
      },
    });
    wrap(<PortalTokens />);
    await screen.findByTestId('portal-token-t1');
    await userEvent.click(screen.getByRole('button', { name: 'Make token' }));
    expect(await screen.findByText('Name the token')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Token name'), ' CRM ');
    await userEvent.click(screen.getByRole('button', { name: 'Make token' }));
    expect(((await screen.findByLabelText(/shown once/)) as HTMLInputElement).value).toBe('sp_live_secret');
    expect(await screen.findByTestId('portal-token-t2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke old' }));
    await vi.waitFor(() => expect(screen.queryByTestId('portal-token-t1')).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url} ${JSON.stringify(c.body ?? null)}`)).toEqual([
      'POST /api/client/tokens {"name":"CRM","scopes":["leads:read"]}',
      'DELETE /api/client/tokens/t1 null',
    ]);
  });

  it('shows the scopes of each token and makes one with the scopes chosen', async () => {
    let tokens: { id: string; name: string; scopes?: string[]; createdAt: string; lastUsedAt: null }[] = [
      { id: 't1', name: 'old', createdAt: '2026-11-27T09:00:00Z', lastUsedAt: null }, // made before scopes: none listed
    ];
    const calls = stub({
      'GET /api/client/tokens': () => json(200, { tokens }),
      'POST /api/client/tokens': (b) => {
        const body = b as { name: string; scopes: string[] };
        tokens = [...tokens, { id: 't2', name: body.name, scopes: body.scopes, createdAt: '2026-11-27T10:00:00Z', lastUsedAt: null }];
        return json(201, { id: 't2', token: 'sp_live_assistant', name: body.name, scopes: body.scopes, createdAt: '2026-11-27T10:00:00Z' });
      },
    });
    wrap(<PortalTokens />);
    expect(await screen.findByTestId('portal-token-scopes-t1')).toHaveTextContent('leads:read');
    const read = screen.getByRole('checkbox', { name: /Read leads/ });
    expect(read).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Update leads/ })).not.toBeChecked();
    await userEvent.type(screen.getByLabelText('Token name'), 'Claude');
    await userEvent.click(read);
    await userEvent.click(screen.getByRole('button', { name: 'Make token' }));
    expect(await screen.findByText('Choose at least one scope')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Run agents/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Update leads/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Make token' }));
    expect(((await screen.findByLabelText(/shown once/)) as HTMLInputElement).value).toBe('sp_live_assistant');
    expect(screen.getByText(/with leads:write, agents:run/)).toBeInTheDocument();
    expect(await screen.findByTestId('portal-token-scopes-t2')).toHaveTextContent('leads:write, agents:run');
    expect(calls.filter((c) => c.method === 'POST').map((c) => JSON.stringify(c.body))).toEqual([
      '{"name":"Claude","scopes":["leads:write","agents:run"]}',
    ]);
  });
});
