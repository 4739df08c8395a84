import { beforeEach, describe, expect, it } from 'vitest';
import {
  appendFormSubmission,
  clearFormSubmissions,
  formSubmissionsKey,
  fromBookingLead,
  fromOnboarding,
  readFormSubmissions,
} from './form-submissions';

const at = new Date('2026-11-22T17:00:00.000Z');

describe('form_submissions local copy', () => {
  beforeEach(() => localStorage.clear());

  it('maps a booking lead to Email, Company and Roadblock', () => {
    expect(fromBookingLead({ email: 'ana@acme.io', company: 'Acme', primaryChallenge: 'Cut operational costs' }, at)).toEqual({
      timestamp: '2026-11-22T17:00:00.000Z',
      name: '',
      email: 'ana@acme.io',
      company: 'Acme',
      monthlyRevenue: '',
      targetRevenue: '',
      roadblock: 'Cut operational costs',
      bookingCapacity: '',
      idealOutcome: '',
    });
  });

  it('maps an onboarding answer set as docs/product.md §7.2 says', () => {
    const entry = fromOnboarding(
      {
        email_handler_name: 'Ana Diaz',
        contact_email: 'ana@acme.io',
        company_name: 'Acme',
        revenue_range: '1m_10m',
        target_cost_per_lead: '$40',
        pain_points: 'Cold lists',
        monthly_lead_goal: 50,
        success_definition: 'Ten meetings',
        phone: 'ignored',
      },
      at,
    );
    expect(entry).toEqual({
      timestamp: '2026-11-22T17:00:00.000Z',
      name: 'Ana Diaz',
      email: 'ana@acme.io',
      company: 'Acme',
      monthlyRevenue: '1m_10m',
      targetRevenue: '$40',
      roadblock: 'Cold lists',
      bookingCapacity: '50',
      idealOutcome: 'Ten meetings',
    });
  });

  it('appends, reads and clears', () => {
    appendFormSubmission(fromBookingLead({ email: 'a@b.co', company: 'A', primaryChallenge: 'All of the above' }, at));
    appendFormSubmission(fromBookingLead({ email: 'c@d.co', company: 'C', primaryChallenge: 'Scale without hiring' }, at));
    expect(readFormSubmissions().map((e) => e.email)).toEqual(['a@b.co', 'c@d.co']);
    clearFormSubmissions();
    expect(readFormSubmissions()).toEqual([]);
    expect(localStorage.getItem(formSubmissionsKey)).toBeNull();
  });

  it('treats corrupt storage as empty and recovers on the next append', () => {
    localStorage.setItem(formSubmissionsKey, '{not json');
    expect(readFormSubmissions()).toEqual([]);
    localStorage.setItem(formSubmissionsKey, '{"a":1}');
    expect(readFormSubmissions()).toEqual([]);
    localStorage.setItem(formSubmissionsKey, '[null, 3, {"email": "x@y.z", "bookingCapacity": 7}]');
    expect(readFormSubmissions()).toEqual([expect.objectContaining({ email: 'x@y.z', bookingCapacity: '7', name: '', timestamp: '' })]);
    localStorage.setItem(formSubmissionsKey, 'garbage');
    expect(appendFormSubmission(fromBookingLead({ email: 'a@b.co', company: 'A', primaryChallenge: 'x' }, at))).toBe(true);
    expect(readFormSubmissions()).toHaveLength(1);
  });
});
