import { fireEvent, render, screen, within } from '@testing-library/react';
import { sampleLeads } from '../content/sample-leads';
import { DashboardPreview } from './dashboard-preview';

function bodyRows() {
  const table = screen.getByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

describe('DashboardPreview', () => {
  it('shows the Leads tab with 5 sample leads by default', () => {
    render(<DashboardPreview />);
    expect(screen.getByRole('tab', { name: 'Leads' })).toHaveAttribute('aria-selected', 'true');
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('Showing 5 of 247 premium leads')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('renders the mobile (80) and desktop (60) cuts of each signal, with the full text as title', () => {
    render(<DashboardPreview />);
    const lead = sampleLeads[0];
    expect(lead.signal.length).toBeGreaterThan(80);
    const cell = screen.getByTitle(lead.signal);
    expect(cell).toHaveTextContent(`${lead.signal.slice(0, 80)}...`);
    expect(cell).toHaveTextContent(`${lead.signal.slice(0, 60)}...`);
  });

  it('switches tabs with a click', () => {
    render(<DashboardPreview />);
    fireEvent.click(screen.getByRole('tab', { name: 'Agents' }));
    expect(screen.getByRole('tab', { name: 'Agents' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Agents' })).toBeVisible();
    expect(screen.queryByRole('tabpanel', { name: 'Leads' })).not.toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, wrapping, and moves focus', () => {
    render(<DashboardPreview />);
    const leads = screen.getByRole('tab', { name: 'Leads' });
    const agents = screen.getByRole('tab', { name: 'Agents' });
    expect(agents).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(leads, { key: 'ArrowRight' });
    expect(agents).toHaveAttribute('aria-selected', 'true');
    expect(agents).toHaveFocus();
    fireEvent.keyDown(agents, { key: 'ArrowRight' });
    expect(leads).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(leads, { key: 'ArrowLeft' });
    expect(agents).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(agents, { key: 'Home' });
    expect(leads).toHaveFocus();
  });

  it('shows three agents; Activate Agent turns the idle one on', () => {
    render(<DashboardPreview />);
    fireEvent.click(screen.getByRole('tab', { name: 'Agents' }));
    const panel = screen.getByRole('tabpanel', { name: 'Agents' });
    expect(within(panel).getAllByText('LIVE')).toHaveLength(2);
    expect(within(panel).getAllByText('Agent Active')).toHaveLength(2);
    expect(within(panel).getByText('New Role Alert')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Activate Agent' }));
    expect(within(panel).getAllByText('Agent Active')).toHaveLength(3);
  });

  it('Filter narrows the rows to one intent tier', () => {
    render(<DashboardPreview />);
    const filter = screen.getByLabelText('Filter');
    fireEvent.change(filter, { target: { value: 'Hot' } });
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByText('Showing 2 of 247 premium leads')).toBeInTheDocument();
    fireEvent.change(filter, { target: { value: 'Warm' } });
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Emma Novak');
    fireEvent.change(filter, { target: { value: 'all' } });
    expect(bodyRows()).toHaveLength(5);
  });

  it('Export downloads signalpipe-leads.csv with the rows shown', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:leads');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('signalpipe-leads.csv');
    });
    render(<DashboardPreview />);
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'Ready to Buy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(click).toHaveBeenCalledTimes(1);
    const csv = await createObjectURL.mock.calls[0][0].text();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(csv).toContain('Maya Lindqvist');
    expect(csv).toContain('Lucas Ferreira');
    click.mockRestore();
  });
});
