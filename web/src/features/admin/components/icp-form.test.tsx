import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@/lib/admin/api-client';
import { IcpForm } from './icp-form';
import { TuningPanel } from './agents-panel';

const stored = {
  targetTitles: ['VP Sales', 'Head of RevOps'],
  industries: ['Fintech'],
  companySize: '11-200',
  knowledgeBase: 'Offer: a CRM',
  useAIQueries: true,
};

function renderForm(onSave: (icp: Record<string, unknown>) => Promise<unknown>) {
  render(<IcpForm idPrefix="t" icp={stored} onSave={onSave} onCancel={() => {}} />);
}

describe('IcpForm', () => {
  it('shows the stored ICP one entry a line and saves the edited ICP whole', async () => {
    const onSave = vi.fn(async () => {});
    renderForm(onSave);
    const titles = screen.getByLabelText('Target titles');
    expect(titles).toHaveValue('VP Sales\nHead of RevOps');
    expect(screen.getByLabelText('Company size')).toHaveValue('11-200');
    await userEvent.clear(titles);
    await userEvent.type(titles, ' CFO \n\nController');
    await userEvent.type(screen.getByLabelText('Exclusions'), 'agencies');
    await userEvent.click(screen.getByRole('button', { name: 'Save ICP' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        targetTitles: ['CFO', 'Controller'],
        industries: ['Fintech'],
        exclusions: ['agencies'],
        competitors: [],
        companySize: '11-200',
        knowledgeBase: 'Offer: a CRM',
        useAIQueries: true,
      }),
    );
  });

  it('refuses an entry over 100 characters without saving', async () => {
    const onSave = vi.fn(async () => {});
    renderForm(onSave);
    await userEvent.type(screen.getByLabelText('Pain points'), 'x'.repeat(101));
    await userEvent.click(screen.getByRole('button', { name: 'Save ICP' }));
    expect(await screen.findByText(/Each entry at most 100 characters/)).toBeInTheDocument();
    expect(screen.getByLabelText('Pain points')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a threshold or a size it cannot read, naming the field, without saving', async () => {
    const onSave = vi.fn(async () => {});
    renderForm(onSave);
    await userEvent.type(screen.getByLabelText('Signal threshold'), 'banana');
    const size = screen.getByLabelText('Company size');
    await userEvent.clear(size);
    await userEvent.type(size, 'fifty to a thousand');
    await userEvent.click(screen.getByRole('button', { name: 'Save ICP' }));
    expect(await screen.findByText(/A score from 1 to 100/)).toBeInTheDocument();
    expect(screen.getByText(/Write the range in figures/)).toBeInTheDocument();
    expect(screen.getByLabelText('Signal threshold')).toHaveAttribute('aria-invalid', 'true');
    expect(size).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the server's threshold error under the field", async () => {
    renderForm(async () => {
      throw new ApiError(400, 'invalid input', { 'icp.signalThreshold': 'must be a score from 1 to 100' });
    });
    await userEvent.type(screen.getByLabelText('Signal threshold'), '70');
    await userEvent.click(screen.getByRole('button', { name: 'Save ICP' }));
    expect(await screen.findByText('must be a score from 1 to 100')).toBeInTheDocument();
    expect(screen.getByLabelText('Signal threshold')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the API's field errors under their fields", async () => {
    renderForm(async () => {
      throw new ApiError(400, 'invalid input', { 'icp.industries': 'must have at most 25 entries' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save ICP' }));
    expect(await screen.findByText('must have at most 25 entries')).toBeInTheDocument();
    expect(screen.getByLabelText('Industries')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('TuningPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows what the agent learned and resets it', async () => {
    const learned = {
      agentId: 'a1',
      active: true,
      judged: 12,
      good: 6,
      noise: 6,
      terms: [{ term: 'open to work', weight: -2.1, good: 0, noise: 6 }],
      summary: ["down-weights 'open to work' (6 noise, 0 good)"],
      resetAt: null,
      updatedAt: '2026-11-27T09:00:00Z',
    };
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      Response.json(
        init?.method === 'DELETE' ? { ...learned, active: false, judged: 0, good: 0, noise: 0, terms: [], summary: [] } : learned,
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <TuningPanel agentId="a1" />
      </QueryClientProvider>,
    );
    expect(fetchMock).not.toHaveBeenCalled(); // loaded only when opened
    await userEvent.click(screen.getByText('Learned from feedback'));
    expect(await screen.findByText("down-weights 'open to work' (6 noise, 0 good)")).toBeInTheDocument();
    expect(screen.getByText(/12 judged \(6 good, 6 noise\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset what it learned' }));
    expect(await screen.findByText(/Not acting yet/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/admin/agents/a1/tuning', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.queryByText(/down-weights/)).not.toBeInTheDocument();
  });
});
