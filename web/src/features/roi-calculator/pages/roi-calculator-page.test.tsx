import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import RoiCalculatorPage from './roi-calculator-page';

function renderPage() {
  const router = createMemoryRouter([{ path: '/resources/roi-calculator', Component: RoiCalculatorPage }], {
    initialEntries: ['/resources/roi-calculator'],
  });
  return render(<RouterProvider router={router} />);
}

const calc = () => screen.getByRole('button', { name: 'Calculate ROI' });

describe('ROI calculator page', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ bookingCalendarUrl: 'https://cal.example/x', baseUrl: '', version: 't' }))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens with the five defaults and no results', () => {
    renderPage();
    expect(screen.getByLabelText(/Sales team size/)).toHaveValue(5);
    expect(screen.getByLabelText(/Average deal size/)).toHaveValue(10000);
    expect(screen.getByLabelText(/Current conversion rate/)).toHaveValue(2);
    expect(screen.getByLabelText(/Monthly leads/)).toHaveValue(100);
    expect(screen.getByLabelText(/Cost per lead/)).toHaveValue(150);
    expect(screen.queryByTestId('roi-percent')).not.toBeInTheDocument();
  });

  it('shows the results on Calculate ROI and hides them when any input changes', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(calc());
    expect(screen.getByTestId('roi-percent')).toHaveTextContent('8,400%');
    expect(screen.getByTestId('annual-lift')).toHaveTextContent('$1,200,000');
    expect(screen.getByTestId('monthly-lift')).toHaveTextContent('$100,000');
    expect(screen.getByTestId('annual-savings')).toHaveTextContent('$60,000');
    expect(screen.getByTestId('hours-saved')).toHaveTextContent('100');
    expect(screen.getByRole('row', { name: /Cost per deal/ })).toHaveTextContent('$7,500$1,250');
    expect(screen.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/onboarding');
    const demo = await screen.findByRole('link', { name: /Book Demo/ });
    await vi.waitFor(() => expect(demo).toHaveAttribute('target', '_blank'));

    await user.type(screen.getByLabelText(/Sales team size/), '0');
    expect(screen.queryByTestId('roi-percent')).not.toBeInTheDocument();
    await user.click(calc());
    expect(screen.getByTestId('hours-saved')).toHaveTextContent('1,000'); // 20 × 50
  });

  it('counts an emptied input as 0 and shows a dash for cost per deal at a zero rate', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.clear(screen.getByLabelText(/Current conversion rate/));
    await user.click(calc());
    expect(screen.getByRole('row', { name: /Cost per deal/ })).toHaveTextContent('——');
    expect(screen.getByTestId('roi-percent')).toHaveTextContent('400%'); // savings only: 60,000 / 15,000
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
  });
});
