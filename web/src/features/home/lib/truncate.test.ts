import { truncate } from './truncate';

const text = (n: number) => 'x'.repeat(n);

describe('truncate', () => {
  it.each([
    [59, 60, 59],
    [60, 60, 60],
    [61, 60, 63],
    [79, 80, 79],
    [80, 80, 80],
    [81, 80, 83],
  ])('a %i-character text cut at %i has %i characters', (length, max, expected) => {
    expect(truncate(text(length), max)).toHaveLength(expected);
  });

  it('keeps text that fits unchanged', () => {
    expect(truncate(text(60), 60)).toBe(text(60));
  });

  it('keeps the first max characters and adds "..."', () => {
    expect(truncate('abcdefgh', 5)).toBe('abcde...');
    expect(truncate(text(61), 60)).toBe(`${text(60)}...`);
  });

  it('returns an empty text unchanged', () => {
    expect(truncate('', 60)).toBe('');
  });
});
