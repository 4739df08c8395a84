import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Client } from '../api/client-schema';
import { DraftSettingsPanel } from './draft-settings';

const client: Client = {
  id: 'c1',
  name: 'Flagship',
  status: 'active',
  icp: {},
  settings: { drafts: { sender: 'Maya Lindqvist' } },
  createdAt: '2026-11-27T08:00:00Z',
};

type Sent = { url: string; method: string; body: Record<string, unknown> };

function renderPanel(answer: (s: Sent) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const s = { url, method: init?.method ?? 'GET', body: JSON.parse((init?.body as string) ?? '{}') };
      sent.push(s);
      return answer(s);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DraftSettingsPanel client={client} />
    </QueryClientProvider>,
  );
  return sent;
}

const previewAnswer = {
  facts: { sender: 'Maya Lindqvist', product: 'a feature-flag platform' },
  previews: [
    {
      leadId: 'l1',
      name: 'Dana Reyes',
      company: 'Shipwright',
      signalType: 'hiring_activity',
      draft: {
        templateId: 'hiring-spree',
        subject: 'Roles at Shipwright',
        body: 'Hi Dana,\n\nWe offer a feature-flag platform.\n\nBest,\nMaya Lindqvist',
      },
      current: { templateId: 'hiring-spree', subject: 'Your open roles at Shipwright', body: 'Hi Dana,' },
    },
  ],
};

describe('DraftSettingsPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('previews the unsaved wording over the latest leads, then saves only what was written', async () => {
    const sent = renderPanel((s) =>
      s.url.endsWith('/draft-preview')
        ? new Response(JSON.stringify(previewAnswer), { status: 200 })
        : new Response(JSON.stringify({ ...client, settings: s.body.settings }), { status: 200 }),
    );
    expect(screen.getByLabelText('Sender')).toHaveValue('Maya Lindqvist');
    await userEvent.type(screen.getByLabelText('Product'), 'a feature-flag platform');
    await userEvent.selectOptions(screen.getByLabelText('Template'), 'hiring-spree');
    await userEvent.type(screen.getByLabelText(/^Subject/), 'Roles{{ at [[company]}');
    await userEvent.click(screen.getByRole('button', { name: 'Preview on latest leads' }));
    const region = await screen.findByRole('region', { name: 'Draft previews' });
    expect(within(region).getByText('Roles at Shipwright')).toBeInTheDocument();
    expect(within(region).getByText(/Best,\s+Maya Lindqvist/)).toBeInTheDocument();
    const drafts = {
      sender: 'Maya Lindqvist',
      product: 'a feature-flag platform',
      templates: { 'hiring-spree': { subject: 'Roles{ at [company]}' } },
    };
    expect(sent[0]).toEqual({ url: '/api/admin/clients/c1/draft-preview', method: 'POST', body: { drafts, limit: 5 } });
    await userEvent.click(screen.getByRole('button', { name: 'Save drafts' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(sent[1]).toEqual({ url: '/api/admin/clients/c1', method: 'PATCH', body: { settings: { drafts } } });
  });

  it("shows the server's field error under the template body", async () => {
    renderPanel(
      () =>
        new Response(
          JSON.stringify({
            error: 'invalid input',
            fields: { 'settings.drafts.templates.competitor-engagement.body': 'unknown slot [first]' },
          }),
          { status: 400 },
        ),
    );
    await userEvent.type(screen.getByLabelText(/^Body/), 'Hi [[first],');
    await userEvent.click(screen.getByRole('button', { name: 'Save drafts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('unknown slot [first]');
  });
});
