import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { onboardingSteps, type OnboardingField } from '@/lib/onboarding-fields';
import { resetPublicConfigForTests } from '@/lib/public-config';
import { readFormSubmissions } from '@/lib/form-submissions';
import { draftKey } from '../hooks/use-onboarding-draft';
import { OnboardingForm, failureMessage, successMessage } from './onboarding-form';

const calendar = 'https://cal.example.com/signalpipe/strategy-call';

function mockApi(onboarding: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/config') {
      return new Response(JSON.stringify({ bookingCalendarUrl: calendar, baseUrl: '', version: '' }));
    }
    if (url === '/api/onboarding') return onboarding();
    throw new Error(url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderForm() {
  return render(
    <MemoryRouter>
      <OnboardingForm />
      <Toaster visibleToasts={3} duration={4000} />
    </MemoryRouter>,
  );
}

const sample: Record<string, string> = {
  url: 'https://acme.example',
  email: 'ana@acme.io',
  tel: '+1 555 0100',
};

/** Fills every required field of the visible step with a valid value. */
function fillStep(step: number) {
  for (const field of onboardingSteps[step - 1]!.fields as OnboardingField[]) {
    if (field.everyRequired) {
      for (const o of field.options!) fireEvent.click(screen.getByLabelText(o.label));
    } else if (field.required) {
      const value = sample[field.kind] ?? `${field.label} answer`;
      fireEvent.change(screen.getByLabelText(new RegExp(`^${escape(field.label)}`)), { target: { value } });
    }
  }
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const heading = () => screen.getByRole('heading', { level: 2 });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

function walkToLastStep() {
  for (let step = 1; step < 8; step++) {
    fillStep(step);
    next();
  }
}

describe('OnboardingForm', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    resetPublicConfigForTests();
    window.scrollTo = vi.fn() as typeof window.scrollTo;
    window.open = vi.fn() as typeof window.open;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts on step 1 with Previous disabled and no Submit', () => {
    renderForm();
    expect(heading()).toHaveTextContent('Company Information');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('blocks Next while a required field of the visible step is empty', () => {
    renderForm();
    next();
    expect(heading()).toHaveTextContent('Company Information');
    fillStep(1);
    fireEvent.change(screen.getByLabelText(/^Website/), { target: { value: 'not a url' } });
    next();
    expect(heading()).toHaveTextContent('Company Information');
    fireEvent.change(screen.getByLabelText(/^Website/), { target: { value: 'https://acme.example' } });
    next();
    expect(heading()).toHaveTextContent('Your Offer & Value');
    expect(window.scrollTo).toHaveBeenCalled();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '12.5');
    // Only the visible step's fields are checked: step 1's are no longer in the form.
    expect(screen.queryByLabelText(/^Company name/)).toBeNull();
  });

  it('walks all eight titles, shows Submit only on step 8, and keeps answers across steps', () => {
    renderForm();
    const titles: string[] = [];
    for (let step = 1; step <= 8; step++) {
      titles.push(heading().textContent!);
      if (step < 8) {
        expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
        fillStep(step);
        next();
      }
    }
    expect(titles).toEqual(onboardingSteps.map((s) => s.title));
    expect(screen.getByRole('button', { name: /Submit/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    for (let i = 0; i < 7; i++) fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(heading()).toHaveTextContent('Company Information');
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('Company name answer');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('restores the draft from sessionStorage after a reload, clamping the step', async () => {
    sessionStorage.setItem(draftKey, JSON.stringify({ step: 42, answers: { email_handler_name: 'Ana', company_name: 'Acme' } }));
    renderForm();
    await waitFor(() => expect(heading()).toHaveTextContent('Final Details'));
    expect(screen.getByLabelText(/^Name of the person/)).toHaveValue('Ana');
    fireEvent.change(screen.getByLabelText(/^Their email/), { target: { value: 'ana@acme.io' } });
    expect(JSON.parse(sessionStorage.getItem(draftKey)!).answers.email_handler_email).toBe('ana@acme.io');
  });

  it('submits every answer with submitted_at and source, toasts success and opens the calendar', async () => {
    let body: Record<string, unknown> = {};
    const fetchMock = mockApi(() => new Response('{"id":"01J"}', { status: 201 }));
    fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify({ bookingCalendarUrl: calendar })));
    renderForm();
    walkToLastStep();
    fillStep(8);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.change(screen.getByLabelText(/^Qualified leads wanted/), { target: { value: '50' } });
    fireEvent.click(screen.getByLabelText('Maybe'));
    next();
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(await screen.findByText(successMessage)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([u]) => u === '/api/onboarding')!;
    body = JSON.parse(String((call[1] as RequestInit).body));
    expect(body).toMatchObject({
      company_name: 'Company name answer',
      website: 'https://acme.example',
      contact_email: 'ana@acme.io',
      monthly_lead_goal: 50,
      enterprise_growth: 'maybe',
      company_sizes: [],
      source: 'signalpipe_onboarding',
    });
    expect((body.confirmations as string[]).length).toBe(4);
    expect(new Date(String(body.submitted_at)).toISOString()).toBe(body.submitted_at);
    expect(body).not.toHaveProperty('revenue_range');
    await waitFor(() => expect(window.open).toHaveBeenCalledWith(calendar, '_blank', 'noopener'));
    expect(sessionStorage.getItem(draftKey)).toBeNull();
    expect(readFormSubmissions()).toEqual([expect.objectContaining({ company: 'Company name answer', bookingCapacity: '50' })]);
  });

  // Issue 31: the calendar was looked up after the submission answered, so the tab opened
  // after a second request, when browsers no longer count the click and block the pop-up.
  it('opens the calendar as soon as the submission answers, without another request', async () => {
    let posted = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url === '/api/config') {
          // Asked only after the submission: it never answers, as a blocked pop-up never opens.
          if (posted) return new Promise<Response>(() => {});
          return new Response(JSON.stringify({ bookingCalendarUrl: calendar, baseUrl: '', version: '' }));
        }
        posted = true;
        return new Response('{"id":"01J"}', { status: 201 });
      }),
    );
    renderForm();
    walkToLastStep();
    fillStep(8);
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(await screen.findByText(successMessage, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(window.open).toHaveBeenCalledWith(calendar, '_blank', 'noopener');
  });

  it('says when no booking calendar is configured and keeps its button disabled', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === '/api/config'
          ? new Response(JSON.stringify({ bookingCalendarUrl: null, baseUrl: '', version: '' }))
          : new Response('{"id":"01J"}', { status: 201 }),
      ),
    );
    renderForm();
    walkToLastStep();
    fillStep(8);
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(await screen.findByText(/The booking calendar is not set up on this site yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book your call' })).toBeDisabled();
    expect(window.open).not.toHaveBeenCalled();
  });

  it('toasts the failure on a 500 and on a network error, keeping the answers', async () => {
    mockApi(() => new Response('{"error":"boom"}', { status: 500 }));
    renderForm();
    walkToLastStep();
    fillStep(8);
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(await screen.findByText(failureMessage)).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Final Details');
    expect(window.open).not.toHaveBeenCalled();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Submit/ })));
    await waitFor(() => expect(screen.getAllByText(failureMessage).length).toBeGreaterThanOrEqual(1));
    expect(JSON.parse(sessionStorage.getItem(draftKey)!).answers.company_name).toBe('Company name answer');
  });

  it('shows server field errors beside the field and jumps to its step', async () => {
    mockApi(() => new Response(JSON.stringify({ error: 'invalid input', fields: { website: 'Enter an http(s) URL' } }), { status: 400 }));
    renderForm();
    walkToLastStep();
    fillStep(8);
    fireEvent.click(screen.getByRole('button', { name: /Submit/ }));
    expect(await screen.findByText('Enter an http(s) URL')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Company Information');
    const website = screen.getByLabelText(/^Website/);
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(website.getAttribute('aria-describedby')).toContain('onboarding-website-error');
  });
});
