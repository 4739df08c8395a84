import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetPublicConfigForTests } from '@/lib/public-config';
import { readFormSubmissions } from '@/lib/form-submissions';
import { BookingDialog } from './booking-dialog';
import { BookingButton } from './booking-button';

const calendar = 'https://cal.example.com/signalpipe/strategy-call';

function mockApi({ lead = 201, calendarUrl = calendar as string | null } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/config') {
      return new Response(JSON.stringify({ bookingCalendarUrl: calendarUrl, baseUrl: 'http://x', version: 't' }), {
        status: 200,
      });
    }
    if (url === '/api/booking-leads') return new Response(lead === 201 ? '{"id":"1"}' : '{"error":"x"}', { status: lead });
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Work email'), 'ana@acme.io');
  await user.type(screen.getByLabelText('Company'), 'Acme & Co');
  await user.selectOptions(screen.getByLabelText('Primary challenge'), 'Cut operational costs');
}

describe('BookingDialog', () => {
  beforeEach(() => {
    resetPublicConfigForTests();
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps submit disabled until every field is filled', async () => {
    mockApi();
    const user = userEvent.setup();
    render(<BookingDialog open onOpenChange={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Book Your AI Strategy Session' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Continue to Calendar' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Work email'), 'ana@acme.io');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Company'), 'Acme');
    expect(submit).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Select your main focus' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Primary challenge'), 'All of the above');
    expect(submit).toBeEnabled();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select your main focus',
      'Need more qualified leads',
      'Cut operational costs',
      'Scale without hiring',
      'All of the above',
    ]);
  });

  it('posts the lead and shows the prefilled calendar', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    render(<BookingDialog open onOpenChange={() => {}} sourcePage="/reports/conversion-index" />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Calendar' }));
    expect(await screen.findByRole('dialog', { name: 'Select Your Time' })).toBeInTheDocument();

    const call = fetchMock.mock.calls.find(([u]) => u === '/api/booking-leads');
    const body = JSON.parse(String((call?.[1] as RequestInit).body));
    expect(body).toMatchObject({
      email: 'ana@acme.io',
      company: 'Acme & Co',
      primaryChallenge: 'Cut operational costs',
      source: 'signalpipe_calendar',
      url: `${window.location.origin}/reports/conversion-index`,
      userAgent: navigator.userAgent,
    });
    expect(typeof body.timestamp).toBe('number');

    const frame = await screen.findByTitle(/Booking calendar/);
    const src = new URL(frame.getAttribute('src')!);
    expect(src.origin + src.pathname).toBe(calendar);
    expect(src.searchParams.get('name')).toBe('Acme & Co');
    expect(src.searchParams.get('email')).toBe('ana@acme.io');
    expect(src.searchParams.get('theme')).toBe('dark');
    const link = screen.getByRole('link', { name: /Open calendar in a new tab/ });
    expect(link).toHaveAttribute('href', frame.getAttribute('src'));
    expect(link).toHaveAttribute('target', '_blank');

    expect(readFormSubmissions()).toEqual([
      expect.objectContaining({ email: 'ana@acme.io', company: 'Acme & Co', roadblock: 'Cut operational costs' }),
    ]);
  });

  it('still reaches the calendar when the server answers 500, and logs the failure', async () => {
    mockApi({ lead: 500 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<BookingDialog open onOpenChange={() => {}} />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Calendar' }));
    expect(await screen.findByRole('dialog', { name: 'Select Your Time' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(new Error('Failed to submit lead'));
    expect(readFormSubmissions()).toHaveLength(1);
  });

  it('Skip to Calendar goes straight to the calendar without posting', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    render(<BookingDialog open onOpenChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Skip to Calendar' }));
    expect(screen.getByRole('dialog', { name: 'Select Your Time' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/booking-leads')).toBe(false);
    const frame = await screen.findByTitle(/Booking calendar/);
    expect(new URL(frame.getAttribute('src')!).searchParams.get('theme')).toBe('dark');
  });

  it('says so when no calendar is configured and disables the fallback', async () => {
    mockApi({ calendarUrl: null });
    const user = userEvent.setup();
    render(<BookingDialog open onOpenChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Skip to Calendar' }));
    expect(await screen.findByText(/Online booking isn't configured yet/)).toBeInTheDocument();
    expect(screen.queryByTitle(/Booking calendar/)).toBeNull();
    expect(screen.queryByRole('link', { name: /Open calendar/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Open calendar in a new tab/ })).toBeDisabled();
  });

  it('closes with Escape and the Close button', async () => {
    mockApi();
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<BookingDialog open onOpenChange={onOpenChange} />);
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledTimes(2);
  });
});

describe('BookingButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads and opens the dialog on first click', async () => {
    resetPublicConfigForTests();
    mockApi();
    const user = userEvent.setup();
    render(<BookingButton label="Get Your Free AI Growth Plan" sourcePage="/reports/x" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Get Your Free AI Growth Plan' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Book Your AI Strategy Session' })).toBeVisible());
  });
});
