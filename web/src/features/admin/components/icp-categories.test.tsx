import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Client } from '../api/client-schema';
import { IcpCategories } from './icp-categories';
import { toIcp, toFormValues } from '../lib/icp-form';

const client: Client = {
  id: 'c1',
  name: 'Pagerless',
  status: 'active',
  icp: { competitors: ['PagerDuty'], knowledgeBase: 'On-call and incident response.' },
  createdAt: '2026-11-27T08:00:00Z',
};

const answer = (chosen: string[]) => ({
  chosen,
  mapped: [
    {
      id: 'incident-response',
      name: 'On-call and incident response',
      score: 0.81,
      because: ['competitor "PagerDuty": a vendor of On-call and incident response'],
    },
    {
      id: 'status-pages',
      name: 'Status pages',
      score: 0.15,
      because: ['knowledge base: "incident communication", a name for Status pages'],
    },
  ],
  read: chosen.length > 0 ? chosen.slice(0, 3) : ['incident-response'],
  categories: [
    { id: 'incident-response', name: 'On-call and incident response' },
    { id: 'status-pages', name: 'Status pages' },
    { id: 'helpdesk', name: 'Customer-support helpdesk' },
  ],
});

/** Renders the section with a fresh query cache. */
const mount = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <IcpCategories client={client} />
    </QueryClientProvider>,
  );

/** Serves the categories GET and the client PATCH; records the PATCH bodies. */
function renderSection(patch: (body: { icp: Record<string, unknown> }) => Response, chosen: string[] = []) {
  const sent: { icp: Record<string, unknown> }[] = [];
  let current = chosen;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        const body = JSON.parse(init.body as string);
        sent.push(body);
        const res = patch(body);
        if (res.ok) current = (body.icp.categories as string[] | undefined) ?? [];
        return res;
      }
      expect(url).toBe('/api/admin/clients/c1/categories');
      return new Response(JSON.stringify(answer(current)), { status: 200 });
    }),
  );
  mount();
  return sent;
}

const ok = (body: { icp: Record<string, unknown> }) => new Response(JSON.stringify({ ...client, icp: body.icp }), { status: 200 });

describe('IcpCategories', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the mapped categories best first, with their reasons', async () => {
    renderSection(ok);
    const list = await screen.findByRole('list', { name: 'Mapped categories' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(items.map((li) => li.querySelector('summary')?.textContent)).toEqual([
      'On-call and incident response (81%)',
      'Status pages (15%) · not used',
    ]);
    expect(screen.getByTestId('categories-read')).toHaveTextContent('Leads are judged with: On-call and incident response.');
    expect(within(list).getByText('competitor "PagerDuty": a vendor of On-call and incident response')).toBeInTheDocument();
    expect(screen.getByText(/None chosen/)).toBeInTheDocument();
  });

  it('saves the picked categories into the ICP, keeping its other fields', async () => {
    const sent = renderSection(ok);
    await userEvent.click(await screen.findByRole('button', { name: 'Choose categories' }));
    await userEvent.type(screen.getByLabelText('Filter categories'), 'status');
    expect(screen.queryByRole('checkbox', { name: 'Customer-support helpdesk' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Status pages' }));
    await userEvent.clear(screen.getByLabelText('Filter categories'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'On-call and incident response' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save categories' }));
    expect(await screen.findByText(/Chosen: Status pages, On-call and incident response/)).toBeInTheDocument();
    expect(sent).toEqual([{ icp: { ...client.icp, categories: ['status-pages', 'incident-response'] } }]);
  });

  it('goes back to the mapping by saving no categories', async () => {
    const sent = renderSection(ok, ['helpdesk']);
    expect(await screen.findByText(/Chosen: Customer-support helpdesk/)).toBeInTheDocument();
    expect(screen.getByTestId('categories-read')).toHaveTextContent('Leads are judged with: Customer-support helpdesk.');
    expect(screen.queryByText(/· not used/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose categories' }));
    await userEvent.click(screen.getByRole('button', { name: 'Use the mapping' }));
    expect(await screen.findByText(/None chosen/)).toBeInTheDocument();
    expect(sent).toEqual([{ icp: client.icp }]);
  });

  it('says when no mapped category is strong enough to be read, and that only three chosen are', async () => {
    /** Serves body as the categories answer and renders the section. */
    const serve = (body: object) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
      );
      return mount();
    };
    const { unmount } = serve({ ...answer([]), read: [] });
    expect(await screen.findByTestId('categories-read')).toHaveTextContent(/No category is strong enough.*own words/);
    expect(screen.getAllByText(/· not used/)).toHaveLength(2);
    unmount();
    const second = serve({ ...answer([]), mapped: [], read: [] });
    expect(await screen.findByText(/maps to no category of the taxonomy: leads are judged on the ICP's own words/)).toBeInTheDocument();
    expect(screen.queryByTestId('categories-read')).not.toBeInTheDocument();
    second.unmount();
    const four = ['incident-response', 'status-pages', 'helpdesk', 'ci-cd'];
    serve({ ...answer(four), read: four.slice(0, 3) });
    expect(await screen.findByTestId('categories-read')).toHaveTextContent(
      'Leads are judged with: On-call and incident response, Status pages, Customer-support helpdesk. Only the first three chosen are read.',
    );
  });

  it("shows the server's reason when a category is refused", async () => {
    renderSection(
      () =>
        new Response(JSON.stringify({ error: 'invalid input', fields: { 'icp.categories': 'unknown category "pagers"' } }), {
          status: 400,
        }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Choose categories' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Status pages' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save categories' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('unknown category "pagers"');
  });
});

describe('toIcp', () => {
  it("keeps the ICP's chosen categories when the ICP form saves", () => {
    const stored = { competitors: ['PagerDuty'], categories: ['status-pages'] };
    expect(toIcp(toFormValues(stored), stored).categories).toEqual(['status-pages']);
    expect(toIcp(toFormValues({ competitors: ['x'] }), { competitors: ['x'] })).not.toHaveProperty('categories');
  });
});
