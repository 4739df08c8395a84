import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DeliveryLog } from './delivery-log';

const attempts = [
  {
    id: 'a1',
    deliveryId: 'msg_1',
    channelId: 'ch1',
    leadId: 'l1',
    attemptedAt: '2026-11-27T08:00:00Z',
    outcome: 'failed',
    latencyMs: 12,
    responseCode: 500,
    error: 'answered 500',
    deliveryStatus: 'failed',
    leadName: 'Dana Reyes',
    channelKind: 'webhook',
  },
];

function renderLog() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ attempts }), { status: 200 })),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <DeliveryLog clientId="c1" />
    </QueryClientProvider>,
  );
}

describe('DeliveryLog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the lead and the channel of each row', async () => {
    renderLog();
    const row = await screen.findByTestId('attempt-a1');
    expect(within(row).getByText('Dana Reyes')).toBeTruthy();
    expect(within(row).getByText('webhook')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Lead' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Channel' })).toBeTruthy();
  });

  // On a 390 px phone the sr-only "Actions" header (position: absolute) escaped the table's
  // sideways scroll and widened the page to 505 px: its scroll box must be its containing block.
  it('keeps the sr-only header inside the scrolling box (no page wider than a phone)', async () => {
    renderLog();
    await screen.findByTestId('attempt-a1');
    const scroll = screen.getByText('Actions').closest('.overflow-x-auto');
    expect(scroll).not.toBeNull();
    expect(scroll!.classList.contains('relative')).toBe(true);
  });
});
