import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/admin/api-client';
import { placeServerErrors } from './server-field-errors';

describe('placeServerErrors', () => {
  it('places the keys under a prefix that name a field, and nothing else', () => {
    const setError = vi.fn();
    const err = new ApiError(400, 'invalid input', {
      'settings.brand.name': 'too long',
      name: 'the client’s name',
      'settings.brand.x': 'unknown field',
    });
    expect(placeServerErrors(err, setError, { prefixes: ['settings.brand.'], fields: ['name', 'logoUrl'], fallback: 'x' })).toBe(true);
    expect(setError.mock.calls).toEqual([['name', { message: 'too long' }]]);
  });

  it('tries the prefixes in order, "" taking a key as it is', () => {
    const setError = vi.fn();
    const err = new ApiError(400, 'invalid input', { 'icp.companySize': 'a range', targetTitles: 'too many' });
    placeServerErrors(err, setError, { prefixes: ['icp.', ''], fields: ['companySize', 'targetTitles'], fallback: 'x' });
    expect(setError.mock.calls).toEqual([
      ['companySize', { message: 'a range' }],
      ['targetTitles', { message: 'too many' }],
    ]);
  });

  it('puts an error it cannot place on the form’s root, with the fallback for a non-Error', () => {
    const setError = vi.fn();
    expect(placeServerErrors(new ApiError(409, 'conflict'), setError, { fields: ['name'], fallback: 'Could not save.' })).toBe(false);
    placeServerErrors('boom', setError, { fields: ['name'], fallback: 'Could not save.' });
    expect(setError.mock.calls).toEqual([
      ['root', { message: 'conflict' }],
      ['root', { message: 'Could not save.' }],
    ]);
  });
});
