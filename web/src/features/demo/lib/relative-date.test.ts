import { calendarDate, relativeDate } from './relative-date';

const now = new Date('2026-11-27T06:00:00Z');

describe('relativeDate', () => {
  it.each([
    ['2026-11-24T06:00:00Z', '3 days ago'],
    ['2026-11-26T05:00:00Z', 'yesterday'],
    ['2026-11-27T03:00:00Z', '3 hours ago'],
    ['2026-11-27T05:59:30Z', 'just now'],
    ['2026-01-27T06:00:00Z', '10 months ago'],
    ['2026-11-06T06:00:00Z', '3 weeks ago'],
  ])('%s is %s', (iso, want) => {
    expect(relativeDate(iso, now)).toBe(want);
  });

  it('is empty for a missing or malformed time', () => {
    expect(relativeDate(undefined, now)).toBe('');
    expect(relativeDate('not a date', now)).toBe('');
  });
});

describe('calendarDate', () => {
  it('reads as a date in UTC', () => {
    expect(calendarDate('2026-11-24T23:30:00Z')).toBe('24 Nov 2026');
    expect(calendarDate('')).toBe('');
  });
});
