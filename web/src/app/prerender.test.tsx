// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import OnboardingPage from '@/features/onboarding/pages/onboarding-page';
import FormSubmissionsPage from '@/features/form-submissions/pages/form-submissions-page';
import AdminPage from '@/features/admin/pages/admin-page';
import { BookingButton } from '@/components/booking/booking-button';
import { render } from './entry-server';

// The build prerenders every static route with renderToString: no window,
// document or storage may be touched while rendering.
describe('prerendering without a browser', () => {
  it.each([
    ['onboarding', <OnboardingPage />, 'Signal Onboard'],
    ['form submissions', <FormSubmissionsPage />, 'Form Submissions Admin'],
    ['admin', <AdminPage />, 'Checking your session'],
    ['booking button', <BookingButton label="Book Now" />, 'Book Now'],
  ])('%s renders on the server', (_name, element, text) => {
    expect(typeof window).toBe('undefined');
    const html = renderToString(<MemoryRouter>{element}</MemoryRouter>);
    expect(html).toContain(text);
  });

  it('the onboarding page starts on step 1 of 8', () => {
    const html = renderToString(
      <MemoryRouter>
        <OnboardingPage />
      </MemoryRouter>,
    );
    expect(html).toContain('Company Information');
    expect(html).toContain('aria-valuenow="0"');
  });

  it("puts the use cases page's structured data in the head, not the body (docs/product.md §3.3)", async () => {
    const result = await render('/use-cases');
    const scripts = [...result.head.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => JSON.parse(m[1])['@type'])).toEqual(['WebPage']);
    expect(result.html).not.toContain('application/ld+json');
  });
});
