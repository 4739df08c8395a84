import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Agent } from '../api/agent-schema';
import type { AgentTemplate } from '../api/list-agent-templates';
import { AgentSettings } from './agent-settings';
import { AgentActions } from './agent-actions';
import { TemplateQueries } from './agents-panel';

const agent: Agent = {
  id: 'a1',
  name: 'Watch',
  schedule: '1h',
  threshold: 60,
  active: true,
  queries: ['"crm migration" -crypto'],
  signalTypes: ['funding_event'],
  sources: [],
};

type Call = { method: string; url: string; body: unknown };

function serve(route: (c: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const c = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(init.body as string) : undefined };
      calls.push(c);
      return route(c);
    }),
  );
  return calls;
}
const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status });

function renderWithQuery(node: React.ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={qc}>{node}</QueryClientProvider>);
}

describe('AgentSettings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the agent's queries, signal types, threshold, schedule and sources", async () => {
    renderWithQuery(<AgentSettings agent={agent} clientId="c1" />);
    await userEvent.click(screen.getByText('Queries and settings'));
    expect(screen.getByText('"crm migration" -crypto')).toBeVisible();
    expect(screen.getByText('funding_event')).toBeVisible();
    expect(screen.getByText('every 1h')).toBeVisible();
    expect(screen.getByText('all')).toBeVisible(); // sources
  });

  it('previews what the edited queries match in the index now', async () => {
    const calls = serve((c) =>
      c.url.endsWith('/query-preview')
        ? json({
            count: 2,
            scanned: 40,
            more: false,
            matches: [
              { title: 'Our CRM migration', text: 'starts next week', url: 'https://forum.example/1', source: 'hackernews', author: 'ana' },
            ],
          })
        : json({ error: 'unexpected' }, 500),
    );
    renderWithQuery(<AgentSettings agent={agent} clientId="c1" />);
    await userEvent.click(screen.getByText('Queries and settings'));
    await userEvent.click(screen.getByRole('button', { name: 'Edit settings' }));
    const queries = screen.getByLabelText(/Queries \(one a line/);
    await userEvent.clear(queries);
    await userEvent.type(queries, 'crm migration{enter}{enter}hubspot');
    await userEvent.click(screen.getByRole('button', { name: 'Preview matches' }));
    expect(await screen.findByText('2 posts in the index match now; the newest:')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Our CRM migration' })).toHaveAttribute('href', 'https://forum.example/1');
    expect(calls.find((c) => c.url === '/api/admin/clients/c1/query-preview')?.body).toEqual({ queries: ['crm migration', 'hubspot'] });
  });

  it('checks the fields, saves them, and shows the API field errors under their fields', async () => {
    let fail = true;
    const calls = serve((c) => {
      if (c.method !== 'PATCH') return json({ error: 'unexpected' }, 500);
      if (fail) {
        fail = false;
        return json({ error: 'invalid input', fields: { sources: '"reddit" is not a source; use index, hackernews' } }, 400);
      }
      return json({ ...agent, ...(c.body as object) });
    });
    renderWithQuery(<AgentSettings agent={agent} clientId="c1" />);
    await userEvent.click(screen.getByText('Queries and settings'));
    await userEvent.click(screen.getByRole('button', { name: 'Edit settings' }));
    const threshold = screen.getByLabelText('Threshold (1-100)');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, 'banana');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('A whole number from 1 to 100.')).toBeVisible();
    expect(calls).toHaveLength(0);

    await userEvent.clear(threshold);
    await userEvent.type(threshold, '75');
    await userEvent.click(screen.getByLabelText('hiring activity'));
    await userEvent.type(screen.getByLabelText(/Sources/), 'reddit');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('"reddit" is not a source; use index, hackernews')).toBeVisible();
    expect(screen.getByLabelText(/Sources/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls[0].body).toEqual({
      queries: ['"crm migration" -crypto'],
      signalTypes: ['hiring_activity', 'funding_event'],
      sources: ['reddit'],
      threshold: 75,
      schedule: '1h',
    });
    await userEvent.clear(screen.getByLabelText(/Sources/));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull());
    expect(calls[1].body).toMatchObject({ sources: [], threshold: 75 });
  });
});

describe('AgentActions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pauses, duplicates, and deletes only after a confirmation', async () => {
    const calls = serve((c) => {
      if (c.method === 'PATCH') return json({ ...agent, active: false });
      if (c.url.endsWith('/duplicate')) return json({ ...agent, id: 'a2', name: 'Watch (copy)', active: false }, 201);
      if (c.method === 'DELETE') return new Response(null, { status: 204 });
      return json({ agents: [] });
    });
    renderWithQuery(<AgentActions agent={agent} clientId="c1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Pause Watch' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ active: false }));
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate Watch' }));
    expect(await screen.findByText('Copied as Watch (copy) (paused).')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Watch' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/agents/a1')).toBe(true));
  });

  it('offers Resume for a paused agent', () => {
    renderWithQuery(<AgentActions agent={{ ...agent, active: false }} clientId="c1" />);
    expect(screen.getByRole('button', { name: 'Resume Watch' })).toBeVisible();
  });
});

describe('TemplateQueries', () => {
  const template: AgentTemplate = { id: 'hiring-spree', title: 'Hiring Spree', description: '', queries: [] };

  it("says a template without queries takes the client's onboarding topics, and lists them", () => {
    render(<TemplateQueries template={template} clientQueries={['crm migration', 'sales tools jobs']} />);
    expect(screen.getByText(/no queries of its own: it will query the client's topics from onboarding/)).toBeVisible();
    expect(screen.getByText('sales tools jobs')).toBeVisible();
  });

  it("lists a template's own queries", () => {
    render(<TemplateQueries template={{ ...template, title: 'Tool Migration', queries: ['"switching from"'] }} clientQueries={['crm']} />);
    expect(screen.getByText('Tool Migration will query:')).toBeVisible();
    expect(screen.getByText('"switching from"')).toBeVisible();
    expect(screen.queryByText('crm')).toBeNull();
  });

  it('says when it will read every post', () => {
    render(<TemplateQueries template={template} clientQueries={[]} />);
    expect(screen.getByText(/it will read every post of its sources/)).toBeVisible();
  });
});
