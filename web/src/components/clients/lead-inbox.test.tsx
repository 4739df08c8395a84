import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clientLeadStates, type LeadFilters, type LeadPage } from '@/lib/clients/lead-schema';
import { LeadInbox, groupByCompany } from './lead-inbox';
import { clientLead } from '@/test/client-lead';

const lead = clientLead;

function renderInbox(fetchPage: (f: LeadFilters, cursor: string) => Promise<LeadPage>, onFeedback = vi.fn(() => Promise.resolve())) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LeadInbox queryKey={['test']} fetchPage={fetchPage} actions={{ onFeedback }} />
    </QueryClientProvider>,
  );
  return onFeedback;
}

describe('LeadInbox', () => {
  it('pages by the server cursor until nextCursor is empty', async () => {
    const fetchPage = vi.fn((_f: LeadFilters, cursor: string) =>
      Promise.resolve(cursor === '' ? { leads: [lead('l1', 'Ana')], nextCursor: 'abc' } : { leads: [lead('l2', 'Bo')], nextCursor: '' }),
    );
    renderInbox(fetchPage);
    expect(await screen.findByText(/Ana/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(/Bo · Acme/)).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith({}, 'abc');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('refetches from the first page with the chosen filters', async () => {
    const fetchPage = vi.fn(() => Promise.resolve({ leads: [], nextCursor: '' }));
    renderInbox(fetchPage);
    expect(await screen.findByText('No leads yet.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('State'), 'won');
    await userEvent.selectOptions(screen.getByLabelText('Tier'), 'hot');
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ state: 'won', tier: 'hot' }, ''));
  });

  it('links a post only when its URL is http or https (javascript: and data: are no links)', async () => {
    renderInbox(() =>
      Promise.resolve({
        leads: [
          { ...lead('l1', 'Ana'), url: 'javascript:alert(1)' },
          { ...lead('l2', 'Bo', 'Beta'), url: 'data:text/html,x' },
          lead('l3', 'Cy', 'Gamma'),
        ],
        nextCursor: '',
      }),
    );
    expect(await screen.findByText(/Cy/)).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Open post' });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://news.example/l3');
  });

  it('lists best first by default and newest first when chosen', async () => {
    const fetchPage = vi.fn(() => Promise.resolve({ leads: [], nextCursor: '' }));
    renderInbox(fetchPage);
    expect(await screen.findByText('No leads yet.')).toBeInTheDocument();
    expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('option', { name: 'Best first' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'newest');
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ sort: 'newest' }, ''));
  });

  it('shows the evidence on demand and sends feedback with its reason', async () => {
    const onFeedback = renderInbox(() => Promise.resolve({ leads: [lead('l1', 'Ana')], nextCursor: '' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Show evidence' }));
    expect(screen.getByText('Full post of Ana')).toBeInTheDocument();
    expect(screen.getByText('title matches')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Feedback reason'), 'open to work post');
    await userEvent.click(screen.getByRole('button', { name: 'Noise' }));
    expect(onFeedback).toHaveBeenCalledWith('l1', 'noise', 'open to work post');
  });

  it("says the account's why now on a lead that carries one", async () => {
    const account = {
      id: 'acc1',
      name: 'Acme, Inc.',
      score: 74,
      whyNow: 'In the last 30 days: opened 3 roles; new VP Engineering.',
      signals: 3,
      postscript: 'P.S. I noticed Acme, Inc. is hiring.',
    };
    const withDraft = { ...lead('l1', 'Ana'), account };
    withDraft.lead = { ...withDraft.lead, draft: { subject: 'Hello', body: 'Hi Ana,' } };
    renderInbox(() => Promise.resolve({ leads: [withDraft, lead('l2', 'Cy', 'Globex')], nextCursor: '' }));
    const why = await screen.findByTestId('lead-why-now');
    expect(why).toHaveTextContent('Why now at Acme, Inc. (account score 74): In the last 30 days: opened 3 roles; new VP Engineering.');
    expect(screen.getAllByTestId('lead-why-now')).toHaveLength(1);
    await userEvent.click(screen.getAllByRole('button', { name: 'Show evidence' })[0]);
    expect(screen.getByText(/Hi Ana,\s+P\.S\. I noticed Acme, Inc\. is hiring\./)).toBeInTheDocument();
  });

  it("groups a company's leads under it, case and spaces aside, others alone", async () => {
    renderInbox(() =>
      Promise.resolve({ leads: [lead('l1', 'Ana'), lead('l2', 'Cy', 'Globex'), lead('l3', 'Bo', ' acme ')], nextCursor: '' }),
    );
    const group = await screen.findByTestId('company-group');
    expect(group).toHaveTextContent('Acme · 2 leads');
    expect(screen.getByRole('list', { name: 'Leads at Acme' }).querySelectorAll('[data-testid="lead-card"]')).toHaveLength(2);
    expect(screen.getAllByTestId('company-group')).toHaveLength(1);
    expect(groupByCompany([lead('a', 'A', ''), lead('b', 'B', '')]).map((g) => g.leads.length)).toEqual([1, 1]);
  });

  it('filters by signal type, agent and date', async () => {
    const fetchPage = vi.fn(() => Promise.resolve({ leads: [], nextCursor: '' }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <LeadInbox
          queryKey={['t2']}
          fetchPage={fetchPage}
          actions={{ onFeedback: vi.fn() }}
          agents={[{ id: 'a9', name: 'Fresh Funding' }]}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('No leads yet.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Signal'), 'funding_event');
    await userEvent.selectOptions(screen.getByLabelText('Agent'), 'a9');
    await userEvent.type(screen.getByLabelText('Since'), '2026-11-01');
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ signal: 'funding_event', agent: 'a9', since: '2026-11-01' }, ''));
  });

  it('saves a note and an owner where the viewer may', async () => {
    const onNote = vi.fn(() => Promise.resolve());
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <LeadInbox
          queryKey={['t3']}
          fetchPage={() => Promise.resolve({ leads: [lead('l1', 'Ana')], nextCursor: '' })}
          actions={{ onFeedback: vi.fn(), onNote }}
        />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Show evidence' }));
    await userEvent.type(screen.getByLabelText('Owner'), 'sam@team.example');
    await userEvent.type(screen.getByLabelText('Note'), 'Call on Monday');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(onNote).toHaveBeenCalledWith('l1', 'Call on Monday', 'sam@team.example');
  });

  it("offers the client's workflow states and a note without an owner (the portal)", async () => {
    const onState = vi.fn(() => Promise.resolve());
    const onNote = vi.fn(() => Promise.resolve());
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <LeadInbox
          queryKey={['portal']}
          fetchPage={() => Promise.resolve({ leads: [lead('l1', 'Ana')], nextCursor: '' })}
          actions={{ onFeedback: vi.fn(() => Promise.resolve()), onState, onNote, states: clientLeadStates, noteOwner: false }}
        />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Show evidence' }));
    const select = screen.getAllByLabelText('State').at(-1)!;
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['new', 'contacted', 'meeting_booked', 'won', 'lost']);
    await userEvent.selectOptions(select, 'meeting_booked');
    expect(onState).toHaveBeenCalledWith('l1', 'meeting_booked');
    expect(screen.queryByLabelText('Owner')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Note'), 'Tuesday 10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(onNote).toHaveBeenCalledWith('l1', 'Tuesday 10:00', '');
  });
});
