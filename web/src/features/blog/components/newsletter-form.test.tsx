import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render as renderInto, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPublicQueryClient } from '../api/public-reads';
import { NewsletterForm } from './newsletter-form';

// The form submits through TanStack Query, as on the blog page.
const render = (ui: React.ReactElement) => renderInto(<QueryClientProvider client={createPublicQueryClient()}>{ui}</QueryClientProvider>);

function mockNewsletter(answers: Array<{ status: number; body: unknown }>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) !== '/api/newsletter' || init?.method !== 'POST') throw new Error(`unexpected ${String(input)}`);
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    return new Response(JSON.stringify(next.body), { status: next.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('NewsletterForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('refuses an invalid address without calling the API', async () => {
    const fetchMock = mockNewsletter([]);
    const user = userEvent.setup();
    render(<NewsletterForm />);
    await user.type(screen.getByLabelText('Email address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('status')).toHaveTextContent('Enter a valid email address');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('subscribes, says so and clears the field; a second time says the same', async () => {
    const fetchMock = mockNewsletter([
      { status: 201, body: { status: 'subscribed', message: 'Thanks! You are subscribed.' } },
      { status: 201, body: { status: 'subscribed', message: 'Thanks! You are subscribed.' } },
    ]);
    const user = userEvent.setup();
    render(<NewsletterForm />);
    const field = screen.getByLabelText('Email address');
    await user.type(field, ' ana@acme.io ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Thanks! You are subscribed.'));
    expect(field).toHaveValue('');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ email: 'ana@acme.io' });

    await user.type(field, 'ana@acme.io');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Thanks! You are subscribed.'));
    expect(field).toHaveValue('');
  });

  it('shows the server field error and keeps the address', async () => {
    mockNewsletter([{ status: 400, body: { error: 'invalid input', fields: { email: 'That domain does not receive email' } } }]);
    const user = userEvent.setup();
    render(<NewsletterForm />);
    await user.type(screen.getByLabelText('Email address'), 'ana@nowhere.example');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('That domain does not receive email'));
    expect(screen.getByLabelText('Email address')).toHaveValue('ana@nowhere.example');
  });
});
