import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import HomePage from './pages/home-page';

function renderHome() {
  const router = createMemoryRouter([{ path: '/', Component: HomePage }], { initialEntries: ['/'] });
  return render(<RouterProvider router={router} />);
}

describe('HomePage', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has the headline and the sections in order', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Fill Your Pipeline with Ready-to-Buy Leads');
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2).toEqual([
      'From ideal customer to booked call in three steps',
      'Every lead arrives with the reason to call',
      'Buyers announce themselves every hour',
      'Sales teams that stopped guessing',
      'Questions sales leaders ask us',
      'Your next customers are posting right now',
    ]);
  });

  it('never skips a heading level', () => {
    const { container } = renderHome();
    const levels = [...container.querySelectorAll('h1,h2,h3,h4')].map((h) => Number(h.tagName[1]));
    levels.reduce((prev, level) => {
      expect(level - prev).toBeLessThanOrEqual(1);
      return level;
    }, 1);
  });

  it('links the calls to action', () => {
    renderHome();
    expect(screen.getByRole('link', { name: /Try the Live Demo/ })).toHaveAttribute('href', '/demo');
    expect(screen.getByRole('link', { name: /View Use Cases/ })).toHaveAttribute('href', '/use-cases');
    const booking = screen.getAllByRole('button', { name: /Book Your Free Strategy Call/ });
    expect(booking).toHaveLength(2);
    booking.forEach((b) => expect(b).toHaveAttribute('aria-haspopup', 'dialog'));
    expect(screen.getByText('23 new signals found today')).toBeInTheDocument();
  });

  it('embeds Organization, Service and FAQPage structured data', () => {
    const { container } = renderHome();
    const types = [...container.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? '{}')['@type'],
    );
    expect(types.sort()).toEqual(['FAQPage', 'Organization', 'Service']);
  });

  it('hides the duplicated marquee row and feed list from assistive tech', () => {
    renderHome();
    expect(screen.getAllByText('Stack Overflow', { selector: 'li' })).toHaveLength(2);
    expect(screen.getAllByRole('listitem').filter((li) => li.textContent?.includes('Stack Overflow'))).toHaveLength(1);
    expect(screen.getByRole('list', { name: 'Recent buying signals' }).children).toHaveLength(8);
  });
});
