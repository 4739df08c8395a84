import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Client } from '../api/client-schema';
import { JobBoardsSection } from './client-detail/job-boards-section';

const client: Client = {
  id: 'c1',
  name: 'Acme',
  status: 'active',
  settings: { jobBoards: ['greenhouse:stripe=Stripe'] },
  createdAt: '2026-11-27T08:00:00Z',
};

function renderSection(answer: (body: { settings: { jobBoards: string[] } }) => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(init?.body as string);
      sent.push(body);
      return answer(body);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <JobBoardsSection client={client} />
    </QueryClientProvider>,
  );
  return sent;
}

describe('JobBoardsSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("saves one board a line and shows the server's form of them", async () => {
    const sent = renderSection(
      () =>
        new Response(JSON.stringify({ ...client, settings: { jobBoards: ['greenhouse:stripe=Stripe', 'lever:netflix=Netflix'] } }), {
          status: 200,
        }),
    );
    const box = screen.getByLabelText('Job boards');
    expect(box).toHaveValue('greenhouse:stripe=Stripe');
    await userEvent.type(box, '\n\n lever:netflix ');
    await userEvent.click(screen.getByRole('button', { name: 'Save job boards' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ settings: { jobBoards: ['greenhouse:stripe=Stripe', 'lever:netflix'] } }]);
    expect(box).toHaveValue('greenhouse:stripe=Stripe\nlever:netflix=Netflix');
  });

  it("shows the server's reason for a bad board", async () => {
    renderSection(
      () =>
        new Response(
          JSON.stringify({
            error: 'invalid input',
            fields: { 'settings.jobBoards': '"workday:acme": must be kind:token with kind greenhouse, lever or ashby' },
          }),
          { status: 400 },
        ),
    );
    await userEvent.type(screen.getByLabelText('Job boards'), '\nworkday:acme');
    await userEvent.click(screen.getByRole('button', { name: 'Save job boards' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('must be kind:token with kind greenhouse, lever or ashby');
  });
});
