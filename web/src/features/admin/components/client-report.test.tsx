import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ClientReport } from './client-report';
import { MonthlyReport, monthName } from './monthly-report';
import type { Client } from '../api/client-schema';
import type { Report } from '../api/report-schema';

const client: Client = { id: 'c1', name: 'Acme', status: 'active', createdAt: '2026-10-01T08:00:00Z' };

const zero = { leads: 0, pending: 0, approved: 0, rejected: 0, approvalRate: null, good: 0, noise: 0, goodRate: null };

const report: Report = {
  clientId: 'c1',
  clientName: 'Acme',
  from: '2026-11-01',
  to: '2026-11-30',
  totals: { leads: 9, pending: 1, approved: 7, rejected: 1, approvalRate: 0.875, good: 3, noise: 4, goodRate: 3 / 7 },
  states: { new: 8, reviewed: 0, contacted: 0, meeting_booked: 1, won: 0, lost: 0 },
  weeks: [
    { week: '2026-11-02', leads: 3, pending: 0, approved: 2, rejected: 1, approvalRate: 2 / 3, good: 1, noise: 1, goodRate: 0.5 },
    { week: '2026-11-16', ...zero },
  ],
  agents: [
    { key: 'a1', name: 'Funding watch', leads: 4, good: 2, noise: 1, precision: 2 / 3 },
    { key: 'a3', name: 'Idle', leads: 0, good: 0, noise: 0, precision: null },
  ],
  sources: [{ key: 'reddit', name: 'reddit', leads: 5, good: 2, noise: 2, precision: 0.5 }],
  exclusions: [{ term: 'student homework', noise: 4, good: 0, weight: -0.8 }],
  channels: [
    {
      id: 'ch1',
      kind: 'webhook',
      label: 'hooks.example',
      status: 'active',
      deliveries: 4,
      delivered: 2,
      failed: 1,
      pending: 1,
      cancelled: 0,
      failedAttempts: 2,
      lastError: 'HTTP 503',
    },
  ],
};

type Call = { method: string; url: string; body: unknown };

function stubFetch(answer?: (c: Call) => Response | undefined) {
  const calls: Call[] = [];
  let excluded = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(init.body as string) : undefined };
      calls.push(call);
      const special = answer?.(call);
      if (special) return special;
      const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status });
      if (call.method === 'GET' && url.includes('/report')) return json(excluded ? { ...report, exclusions: [] } : report);
      if (call.method === 'POST' && url.endsWith('/exclusions')) {
        excluded = true;
        return json({ ...client, icp: { exclusions: ['student homework'] } });
      }
      return json({ error: 'unexpected' }, 500);
    }),
  );
  return calls;
}

function wrap(node: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={qc}>{node}</QueryClientProvider>);
}

const section = (name: string) => screen.getByRole('region', { name });
const rowOf = (name: string, text: string) =>
  within(section(name))
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text));

describe('ClientReport (the client page’s Report tab)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the server’s figures: totals, weeks with zero as 0 and no rate as –, states, precision, channels', async () => {
    const calls = stubFetch();
    wrap(<ClientReport client={client} />);
    expect(await screen.findByText('2026-11-01 to 2026-11-30 (UTC)')).toBeTruthy();
    expect(calls[0].url).toBe('/api/admin/clients/c1/report');
    expect(screen.getByText('Leads found').nextSibling?.textContent).toBe('9');
    expect(screen.getByText('88%')).toBeTruthy();
    expect(screen.getByText('7 approved, 1 rejected, 1 pending')).toBeTruthy();
    expect(screen.getByText('43%')).toBeTruthy();

    const cells = (r: HTMLElement | undefined) => Array.from(r?.querySelectorAll('td') ?? []).map((td) => td.textContent);
    expect(cells(rowOf('Leads per week', '2026-11-02'))).toEqual(['2026-11-02', '3', '', '2', '1', '67%', '1', '1', '50%', '']);
    expect(cells(rowOf('Leads per week', '2026-11-16'))).toEqual(['2026-11-16', '0', '', '0', '0', '–', '0', '0', '–', '']);
    expect(rowOf('Where the leads stand', 'Meeting booked')?.textContent).toBe('Meeting booked1');
    expect(rowOf('Where the leads stand', 'Won')?.textContent).toBe('Won0');
    expect(cells(rowOf('Precision per agent', 'Funding watch')).slice(0, 5)).toEqual(['Funding watch', '4', '2', '1', '67%']);
    expect(cells(rowOf('Precision per agent', 'Idle')).slice(0, 5)).toEqual(['Idle', '0', '0', '0', '–']);
    expect(cells(rowOf('Precision per source', 'reddit')).slice(0, 5)).toEqual(['reddit', '5', '2', '2', '50%']);
    expect(cells(rowOf('Deliveries by channel', 'hooks.example'))).toEqual(['webhook · hooks.example', '2', '1', '1', '2', 'HTTP 503']);
  });

  // On a 390 px phone the sr-only bar headers (position: absolute) escaped the tables' sideways
  // scroll and made the Report tab 634 px wide (web/e2e/agency-journey.spec.ts): each table's
  // scroll box must be their containing block.
  it('keeps the sr-only headers inside the scrolling boxes (no page wider than a phone)', async () => {
    stubFetch();
    wrap(<ClientReport client={client} />);
    await screen.findByText('2026-11-01 to 2026-11-30 (UTC)');
    for (const header of ['Leads bar', 'Good rate bar']) {
      const scroll = screen.getAllByText(header)[0].closest('.overflow-x-auto');
      expect(scroll, header).not.toBeNull();
      expect(scroll!.classList.contains('relative'), header).toBe(true);
    }
  });

  it('applies a suggested exclusion in one click and reloads the report', async () => {
    const calls = stubFetch();
    wrap(<ClientReport client={client} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add “student homework” to the ICP’s exclusions' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added “student homework” to the ICP’s exclusions.');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/admin/clients/c1/exclusions',
      body: { term: 'student homework' },
    });
    await waitFor(() => expect(within(section('Suggested exclusions')).queryByRole('button')).toBeNull());
    expect(calls.filter((c) => c.method === 'GET').length).toBe(2);
  });

  it('shows the field errors the server gives when an exclusion is refused', async () => {
    stubFetch((c) =>
      c.method === 'POST'
        ? new Response(JSON.stringify({ error: 'invalid input', fields: { 'icp.exclusions': 'must have at most 25 entries' } }), {
            status: 400,
          })
        : undefined,
    );
    wrap(<ClientReport client={client} />);
    await userEvent.click(await screen.findByRole('button', { name: /student homework/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not add the exclusion: icp.exclusions: must have at most 25 entries');
  });

  it('asks for the period chosen, refusing one that ends before it starts', async () => {
    const calls = stubFetch();
    wrap(<ClientReport client={client} />);
    await screen.findByText('2026-11-01 to 2026-11-30 (UTC)');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await userEvent.type(from, '2026-11-10');
    await userEvent.type(to, '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('From must not be after To.');
    expect(calls.length).toBe(1);
    await userEvent.clear(to);
    await userEvent.type(to, '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/admin/clients/c1/report?from=2026-11-10&to=2026-11-30'));
  });

  it('links the monthly report’s printable page and PDF for the month chosen', async () => {
    stubFetch();
    wrap(<ClientReport client={client} />);
    await screen.findByText('2026-11-01 to 2026-11-30 (UTC)');
    const month = screen.getByLabelText('Monthly report');
    await userEvent.clear(month);
    await userEvent.type(month, '2026-11');
    expect(screen.getByRole('link', { name: 'Printable page' })).toHaveAttribute('href', '/admin/clients/c1/report?month=2026-11');
    expect(screen.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', '/api/admin/clients/c1/report.pdf?month=2026-11');
  });
});

describe('MonthlyReport (the printable page)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the month’s report without an Apply button', async () => {
    const calls = stubFetch();
    wrap(<MonthlyReport clientId="c1" month="2026-11" />);
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeTruthy();
    expect(screen.getByText('Report for November 2026 (2026-11-01 to 2026-11-30)')).toBeTruthy();
    expect(calls[0].url).toBe('/api/admin/clients/c1/report?month=2026-11');
    expect(within(section('Suggested exclusions')).getByText('student homework')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', '/api/admin/clients/c1/report.pdf?month=2026-11');
  });

  it('refuses a month that is not YYYY-MM without asking the server', () => {
    const calls = stubFetch();
    wrap(<MonthlyReport clientId="c1" month="november" />);
    expect(screen.getByRole('alert')).toHaveTextContent('The month must be YYYY-MM');
    expect(calls.map((c) => c.url)).toEqual([]);
    expect(monthName('2026-01')).toBe('January 2026');
  });
});
