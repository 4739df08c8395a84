import { describe, expect, it } from 'vitest';
import { mayHaveSession } from './session-hint';

describe('mayHaveSession', () => {
  it.each([
    ['', false],
    ['sp_admin=1', true],
    ['theme=dark; sp_admin=1; x=y', true],
    ['sp_admin=0', false],
    ['not_sp_admin=1', false],
  ])('%j → %s', (cookies, want) => {
    expect(mayHaveSession(cookies)).toBe(want);
  });
});
