import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { formSubmissionsKey, readFormSubmissions } from '@/lib/form-submissions';
import FormSubmissionsPage, { clearConfirmText, emptyText } from './form-submissions-page';

const rows = [
  {
    timestamp: '2026-11-22T17:00:00.000Z',
    name: 'Ana Diaz',
    email: 'ana@acme.io',
    company: 'Acme, Inc.',
    monthlyRevenue: '1m_10m',
    targetRevenue: '$40',
    roadblock: 'Says "no budget"',
    bookingCapacity: '50',
    idealOutcome: 'Ten meetings',
  },
  { timestamp: '2026-11-23T09:30:00.000Z', email: 'bo@beta.io', company: 'Beta', roadblock: 'Cut operational costs' },
];

const renderPage = () =>
  render(
    <MemoryRouter>
      <FormSubmissionsPage />
    </MemoryRouter>,
  );

describe('Form Submissions Admin', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('shows the empty text and disables Export and Clear when there are none', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    renderPage();
    expect(await screen.findByText(emptyText)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    expect(screen.getByTestId('submission-count')).toHaveTextContent('0');
    expect(screen.getByText(/workflow webhook/)).toHaveTextContent(/form-mail API, which needs an API key/);
    expect(log).not.toHaveBeenCalled();
  });

  it('lists the rows with a dash for missing values, and Refresh picks up new ones', async () => {
    localStorage.setItem(formSubmissionsKey, JSON.stringify(rows.slice(0, 1)));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Acme, Inc.')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date/Time',
      'Name',
      'Email',
      'Company',
      'Monthly Revenue',
      'Target Revenue',
      'Roadblock',
      'Booking Capacity',
      'Ideal Outcome',
    ]);
    localStorage.setItem(formSubmissionsKey, JSON.stringify(rows));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByTestId('submission-count')).toHaveTextContent('2');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getAllByRole('row')[2]!).toHaveTextContent('—');
  });

  it('asks before clearing, and clears only when confirmed', async () => {
    localStorage.setItem(formSubmissionsKey, JSON.stringify(rows));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Acme, Inc.');
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(confirm).toHaveBeenCalledWith(clearConfirmText);
    expect(readFormSubmissions()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(readFormSubmissions()).toHaveLength(0);
    expect(screen.getByText(emptyText)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeDisabled();
  });

  it('exports the rows as CSV', async () => {
    localStorage.setItem(formSubmissionsKey, JSON.stringify(rows));
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:csv';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Acme, Inc.');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloaded).toMatch(/^form_submissions_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await blobs[0]!.text()).toBe(
      'Date/Time,Name,Email,Company,Monthly Revenue,Target Revenue,Roadblock,Booking Capacity,Ideal Outcome\n' +
        '2026-11-22T17:00:00.000Z,Ana Diaz,ana@acme.io,"Acme, Inc.",1m_10m,$40,"Says ""no budget""",50,Ten meetings\n' +
        '2026-11-23T09:30:00.000Z,,bo@beta.io,Beta,,,Cut operational costs,,',
    );
  });
});
