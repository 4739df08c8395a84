import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ClientLead, LeadPage } from '@/lib/clients/lead-schema';
import { LeadInbox } from './lead-inbox';
import { clientLead } from '@/test/client-lead';

const lead = clientLead;

const page: LeadPage = { leads: [lead('l1', 'Ana', 'Acme'), lead('l2', 'Bo', 'Beta')], nextCursor: 'more' };

/** Longer than Testing Library's default second (busy CI machines). */
const slow = { timeout: 5000 };

function renderInbox(id: string, fetchLead: (id: string) => Promise<ClientLead | null>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LeadInbox
        queryKey={['test']}
        fetchPage={() => Promise.resolve(page)}
        actions={{ onFeedback: vi.fn(() => Promise.resolve()) }}
        focus={{ id, fetchLead }}
      />
    </QueryClientProvider>,
  );
}

describe('LeadInbox focus (an email link to one lead)', () => {
  it('highlights, opens and focuses the linked lead when it is on the loaded page, without fetching it', async () => {
    const fetchLead = vi.fn(() => Promise.resolve(null));
    renderInbox('l2', fetchLead);
    const card = await screen.findByRole('listitem', { name: 'Lead from your link: Bo · Beta' }, slow);
    expect(card).toHaveAttribute('data-highlighted', 'true');
    expect(card).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(card).toHaveFocus(), slow);
    expect(within(card).getByText('Full post of Bo')).toBeInTheDocument(); // its evidence open
    expect(screen.getByRole('status')).toHaveTextContent('Showing the lead from your link: Bo · Beta.');
    // The other lead is an ordinary card.
    const others = screen.getAllByTestId('lead-card').filter((c) => c !== card);
    expect(others).toHaveLength(1);
    expect(others[0]).not.toHaveAttribute('data-highlighted');
    expect(fetchLead).not.toHaveBeenCalled();
  });

  it('fetches a lead that is not on the loaded page by id and shows it above the list, focused', async () => {
    const fetchLead = vi.fn((id: string) => Promise.resolve(lead(id, 'Cy', 'Gamma')));
    renderInbox('l9', fetchLead);
    const above = await screen.findByRole('region', { name: 'The lead from your link' }, slow);
    const card = within(above).getByRole('listitem', { name: 'Lead from your link: Cy · Gamma' });
    await waitFor(() => expect(card).toHaveFocus(), slow);
    expect(fetchLead).toHaveBeenCalledWith('l9');
    expect(screen.getByRole('status')).toHaveTextContent('Showing the lead from your link: Cy · Gamma.');
    // Above the list: the linked lead comes before the page's leads in the document.
    const cards = screen.getAllByTestId('lead-card');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toBe(card);
  });

  it('says a lead the viewer may not see is not available (a note, no error), and lists the rest', async () => {
    renderInbox('theirs', () => Promise.resolve(null));
    const note = await screen.findByTestId('lead-unavailable', undefined, slow);
    expect(note).toHaveTextContent('This lead is not available');
    await waitFor(() => expect(note).toHaveFocus(), slow);
    expect(screen.getByRole('status')).toHaveTextContent('This lead is not available.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByTestId('lead-card')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'The lead from your link' })).toBeNull();
  });
});
