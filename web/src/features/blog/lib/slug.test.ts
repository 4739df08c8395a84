import { parseReadTime, parseTags, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Buying Intent: 5 Signals!  ', 'buying-intent-5-signals'],
    ['--Already--hyphenated--', 'already-hyphenated'],
    ["C'est la Vie & Co.", 'c-est-la-vie-co'],
    ['<script>alert(1)</script>', 'script-alert-1-script'],
    ['!!!', ''],
    ['', ''],
  ])('%j → %j', (input, want) => {
    expect(slugify(input)).toBe(want);
  });
});

describe('parseTags', () => {
  it('splits on commas, trims and drops empty ones', () => {
    expect(parseTags('sales, ai ,  ,leads,')).toEqual(['sales', 'ai', 'leads']);
    expect(parseTags(' , ,')).toEqual([]);
    expect(parseTags('one,one')).toEqual(['one']);
  });
});

describe('parseReadTime', () => {
  it('parses an integer, else the default', () => {
    expect(parseReadTime('12', 5)).toBe(12);
    expect(parseReadTime('7 minutes', 5)).toBe(7);
    expect(parseReadTime('', 5)).toBe(5);
    expect(parseReadTime('abc', 5)).toBe(5);
    expect(parseReadTime('0', 5)).toBe(5);
  });
});
