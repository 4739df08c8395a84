import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import TestClickPage from './test-click-page';
import TestConvexPage from './test-convex-page';

function renderAt(path: string, Component: React.ComponentType) {
  const router = createMemoryRouter(
    [
      { path, Component },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

const status = () => screen.getByTestId('connection-status');

describe('/test-convex', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the published-posts query and shows the JSON on success', async () => {
    let resolve!: (r: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/test-convex', TestConvexPage);
    expect(status()).toHaveTextContent('Testing backend connection...');
    expect(fetchMock).toHaveBeenCalledWith('/api/query', expect.objectContaining({ method: 'POST' }));
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({ path: 'blogPosts:getPublished', args: {} });
    resolve(new Response(JSON.stringify([{ title: 'Speed to Signal' }])));
    await vi.waitFor(() => expect(status()).toHaveTextContent('Connected successfully!'));
    expect(screen.getByTestId('connection-response')).toHaveTextContent('"title": "Speed to Signal"');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the first 200 characters of an answer that is not JSON', async () => {
    const html = `<!doctype html>${'x'.repeat(300)}`;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(html, { status: 502 })),
    );
    renderAt('/test-convex', TestConvexPage);
    await vi.waitFor(() => expect(status()).toHaveTextContent('Connection failed - not getting JSON response'));
    expect(screen.getByRole('alert')).toHaveTextContent(`Response is not JSON: ${html.slice(0, 200)}`);
    expect(screen.getByRole('alert').textContent).not.toContain(html.slice(0, 201));
  });

  it('shows Connection failed with the error message on a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderAt('/test-convex', TestConvexPage);
    await vi.waitFor(() => expect(status()).toHaveTextContent(/^Connection failed$/));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch');
  });

  it('says Unknown error when the failure has no message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject('boom')),
    );
    renderAt('/test-convex', TestConvexPage);
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Unknown error'));
  });
});

describe('/test-click', () => {
  it('counts clicks and links back home', async () => {
    const user = userEvent.setup();
    renderAt('/test-click', TestClickPage);
    const button = screen.getByRole('button', { name: /Click me/ });
    expect(button).toHaveTextContent('Click me (0)');
    await user.click(button);
    await user.click(button);
    expect(button).toHaveTextContent('Click me (2)');
    expect(screen.getByText('Clicked 2 times')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(screen.getByText('home')).toBeInTheDocument();
  });
});
