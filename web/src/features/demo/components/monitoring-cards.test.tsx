import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setCsrfToken } from '@/lib/admin/api-client';
import { MonitoringCards } from './monitoring-cards';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function renderCards(admin: boolean) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MonitoringCards admin={admin} />
    </QueryClientProvider>,
  );
}

const templates = {
  templates: [
    { id: 'competitor-engagement', title: 'Competitor Engagement', description: '' },
    { id: 'new-role-alert', title: 'New Role Alert', description: '' },
    { id: 'fresh-funding', title: 'Fresh Funding', description: '' },
  ],
};

describe('Activate Agent', () => {
  let calls: { key: string; body: unknown; headers: Record<string, string> }[];
  beforeEach(() => {
    calls = [];
    setCsrfToken('tok');
  });
  afterEach(() => vi.unstubAllGlobals());

  function mockApi(routes: Record<string, () => Response>) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const key = `${init?.method ?? 'GET'} ${String(input)}`;
        calls.push({
          key,
          body: init?.body ? JSON.parse(String(init.body)) : undefined,
          headers: (init?.headers ?? {}) as Record<string, string>,
        });
        return routes[key]?.() ?? json(404, { error: `no route ${key}` });
      }),
    );
  }

  it('for a visitor marks the card active and calls nothing', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderCards(false);
    expect(screen.getAllByText('Agent Active')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Activate Agent' }));
    expect(screen.getAllByText('Agent Active')).toHaveLength(3);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
  });

  it("with an admin session creates the card's agent for the picked client and links to its page", async () => {
    mockApi({
      'GET /api/admin/clients': () =>
        json(200, {
          clients: [
            { id: 'c1', name: 'Acme' },
            { id: 'c2', name: 'Globex' },
          ],
        }),
      'GET /api/admin/agent-templates': () => json(200, templates),
      'POST /api/admin/clients/c2/agents': () => json(201, { id: 'a9', name: 'New Role Alert', clientId: 'c2' }),
    });
    const user = userEvent.setup();
    renderCards(true);
    await user.click(screen.getByRole('button', { name: 'Activate Agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate New Role Alert' });
    const client = within(dialog).getByLabelText('Client');
    await waitFor(() => expect(client).toHaveValue('c1'));
    await user.selectOptions(client, 'c2');
    expect(within(dialog).getByLabelText('Campaign template')).toHaveValue('new-role-alert');
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));

    expect(await screen.findByText('Agent “New Role Alert” is active for Globex')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Globex in the console' })).toHaveAttribute('href', '/admin?client=c2&tab=agents');
    const post = calls.find((c) => c.key === 'POST /api/admin/clients/c2/agents')!;
    expect(post.body).toEqual({ template: 'new-role-alert' });
    expect(post.headers['X-CSRF-Token']).toBe('tok');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByText('Agent Active')).toHaveLength(3);
  });

  it('creates a new client first when asked, and shows a refusal without activating', async () => {
    let refuse = true;
    mockApi({
      'GET /api/admin/clients': () => json(200, { clients: [] }),
      'GET /api/admin/agent-templates': () => json(200, templates),
      'POST /api/admin/clients': () => json(201, { id: 'c5', name: 'Initech' }),
      'POST /api/admin/clients/c5/agents': () =>
        refuse ? json(400, { error: 'invalid input', fields: { template: 'unknown' } }) : json(201, { id: 'a1', name: 'New Role Alert' }),
    });
    const user = userEvent.setup();
    renderCards(true);
    await user.click(screen.getByRole('button', { name: 'Activate Agent' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('Client')).toHaveValue('__new__'));
    const activate = within(dialog).getByRole('button', { name: 'Activate' });
    expect(activate).toBeDisabled(); // a new client needs a name
    await user.type(within(dialog).getByLabelText('New client’s name'), 'Initech');
    await user.click(activate);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('invalid input');
    expect(screen.getAllByText('Agent Active')).toHaveLength(2);
    expect(calls.find((c) => c.key === 'POST /api/admin/clients')?.body).toEqual({ name: 'Initech' });

    refuse = false;
    await user.click(activate);
    expect(await screen.findByText('Agent “New Role Alert” is active for Initech')).toBeInTheDocument();
  });
});
