import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('joins rows with CRLF and ends with one', () => {
    expect(toCsv([['1', 'x,y']], ['a', 'b'])).toBe('a,b\r\n1,"x,y"\r\n');
  });

  it('puts LF between rows and none after the last with lf-between', () => {
    expect(
      toCsv(
        [
          ['1', 'x\ny'],
          [2, ''],
        ],
        ['a', 'b'],
        'lf-between',
      ),
    ).toBe('a,b\n1,"x\ny"\n2,');
    expect(toCsv([], ['a', 'b'], 'lf-between')).toBe('a,b');
  });

  it('defuses every cell (csvCell)', () => {
    expect(toCsv([['=1+1', 'say "hi"']], ['h'])).toBe('h\r\n\'=1+1,"say ""hi"""\r\n');
  });
});
