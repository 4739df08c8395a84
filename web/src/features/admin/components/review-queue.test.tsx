import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ReviewQueue } from './review-queue';
import type { Client } from '../api/client-schema';

const client: Client = {
  id: 'c1',
  name: 'Acme',
  status: 'active',
  settings: { deliveryMode: 'review', autoApproveAt: 0 },
  createdAt: '2026-11-27T08:00:00Z',
};

const lead = (id: string, name: string) => ({
  id,
  clientId: 'c1',
  url: `https://x.example/${id}`,
  tier: 'hot',
  signalType: 'funding_event',
  score: 88,
  state: 'new',
  review: 'pending',
  feedback: null,
  createdAt: '2026-11-27T08:00:00Z',
  lead: {
    name,
    company: `${name} Co`,
    fullContext: `${name} wrote: we closed our Series B and are hiring.`,
    fit: { reasons: ['title matches VP Sales'] },
    detection: { cueLabels: ['a funding round'] },
    draft: { subject: 'Your round', body: `Hi ${name}, congratulations.` },
  },
});

type Call = { method: string; url: string; body: unknown };

function renderQueue(opts: { draftError?: boolean } = {}) {
  const calls: Call[] = [];
  let pending = [lead('l1', 'Dana'), lead('l2', 'Ravi'), lead('l3', 'Mia')];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(init.body as string) : undefined;
      calls.push({ method, url, body });
      const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status });
      if (url.includes('/leads?review=pending')) return json({ leads: pending, nextCursor: '' });
      const one = /client-leads\/(\w+)\/(approve|reject)$/.exec(url);
      if (one) {
        const l = pending.find((p) => p.id === one[1])!;
        pending = pending.filter((p) => p.id !== one[1]);
        return json({ lead: { ...l, review: one[2] === 'approve' ? 'approved' : 'rejected' }, queued: one[2] === 'approve' ? 1 : 0 });
      }
      if (url.endsWith('/leads/approve') || url.endsWith('/leads/reject')) {
        const ids = (body as { ids: string[] }).ids;
        pending = pending.filter((p) => !ids.includes(p.id));
        return json({ changed: ids.length, results: ids.map((id) => ({ id, review: 'approved', queued: 2 })) });
      }
      if (url.endsWith('/draft')) {
        if (opts.draftError)
          return json({ error: 'invalid input', fields: { subject: 'must be one line of at most 300 characters' } }, 400);
        const l = pending.find((p) => url.includes(p.id))!;
        l.lead.draft = body as { subject: string; body: string };
        return json(l);
      }
      if (method === 'PATCH') return json({ ...client, settings: { ...client.settings, ...(body as { settings: object }).settings } });
      return json({ error: 'unexpected' }, 500);
    }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <ReviewQueue client={client} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('ReviewQueue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each pending lead with what they wrote, its evidence and its draft', async () => {
    renderQueue();
    const items = await screen.findAllByTestId('queue-item');
    expect(items).toHaveLength(3);
    const first = within(items[0]);
    expect(first.getByText(/Dana wrote: we closed our Series B/)).toBeInTheDocument();
    expect(first.getByText('a funding round')).toBeInTheDocument();
    expect(first.getByText('title matches VP Sales')).toBeInTheDocument();
    expect(first.getByLabelText('Draft')).toHaveValue('Hi Dana, congratulations.');
  });

  it('approves one lead, rejects another, and approves the selected ones in bulk', async () => {
    const calls = renderQueue();
    let items = await screen.findAllByTestId('queue-item');
    await userEvent.click(within(items[0]).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getAllByTestId('queue-item')).toHaveLength(2));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/client-leads/l1/approve')).toBe(true);
    expect(await screen.findByRole('status')).toHaveTextContent('1 approved, 1 deliveries queued.');

    items = screen.getAllByTestId('queue-item');
    await userEvent.click(within(items[0]).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.getAllByTestId('queue-item')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/client-leads/l2/reject')).toBe(true);

    const bulk = screen.getByRole('button', { name: /Approve selected/ });
    expect(bulk).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Select all'));
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected (1)' }));
    await screen.findByText('No lead is waiting for review.');
    // One selected lead still goes through the one-lead call; the bulk call takes several.
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/admin/client-leads/l1/approve',
      '/api/admin/client-leads/l2/reject',
      '/api/admin/client-leads/l3/approve',
    ]);
  });

  it('sends the selected leads in one bulk call', async () => {
    const calls = renderQueue();
    const items = await screen.findAllByTestId('queue-item');
    await userEvent.click(within(items[0]).getByLabelText('Select Dana · Dana Co'));
    await userEvent.click(within(items[2]).getByLabelText('Select Mia · Mia Co'));
    await userEvent.click(screen.getByRole('button', { name: 'Reject selected' }));
    await waitFor(() => expect(screen.getAllByTestId('queue-item')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/admin/clients/c1/leads/reject');
    expect(post.body).toEqual({ ids: ['l1', 'l3'] });
  });

  it('saves an edited draft, and shows the server refusing one', async () => {
    const calls = renderQueue();
    const items = await screen.findAllByTestId('queue-item');
    const body = within(items[0]).getByLabelText('Draft');
    await userEvent.clear(body);
    await userEvent.type(body, 'Hi Dana, saw the round.');
    await userEvent.click(within(items[0]).getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH' && c.url === '/api/admin/client-leads/l1/draft')?.body).toEqual({
        subject: 'Your round',
        body: 'Hi Dana, saw the round.',
      }),
    );
    vi.unstubAllGlobals();
    renderQueue({ draftError: true });
    const again = (await screen.findAllByTestId('queue-item')).slice(-3);
    const subject = within(again[1]).getByLabelText('Draft subject');
    await userEvent.type(subject, '!');
    await userEvent.click(within(again[1]).getByRole('button', { name: 'Save draft' }));
    expect(await within(again[1]).findByRole('alert')).toHaveTextContent('must be one line of at most 300 characters');
  });

  it('switches the client to auto mode with a score', async () => {
    const calls = renderQueue();
    await screen.findAllByTestId('queue-item');
    const score = screen.getByLabelText('Auto-approve score');
    await userEvent.clear(score);
    await userEvent.type(score, '75');
    await userEvent.click(screen.getByLabelText(/Send at once leads scoring at least/));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ settings: { deliveryMode: 'auto', autoApproveAt: 75 } }),
    );
  });
});
