import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import PrivacyPage from './pages/privacy-page';

describe('PrivacyPage', () => {
  it('shows the date and the six sections in order, with the contact address linked', () => {
    const router = createMemoryRouter([{ path: '/privacy', Component: PrivacyPage }], { initialEntries: ['/privacy'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Last updated January 2025')).toBeInTheDocument();
    const sections = Array.from(document.querySelectorAll('section[id] > h2')).map((h) => h.textContent);
    expect(sections).toEqual([
      '1. Information we collect',
      '2. How we use information',
      '3. Data security',
      '4. Third parties',
      '5. Your rights',
      '6. Contact',
    ]);
    expect(screen.getByRole('link', { name: 'privacy@signalpipe.io' })).toHaveAttribute('href', 'mailto:privacy@signalpipe.io');
  });
});
