import { describe, expect, it } from 'vitest';
import { csvCell } from './csv-cell';

/** Splits one CSV line on sep, honouring quotes, as a spreadsheet of that locale reads it. */
function readLine(line: string, sep: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  return [...cells, cell];
}

const live = (cell: string) => /^ *[=+\-@\t\r]/.test(cell);

describe('csvCell', () => {
  it('keeps plain values as they are', () => {
    expect(csvCell('Maya')).toBe('Maya');
    expect(csvCell(95)).toBe('95');
    expect(csvCell('')).toBe('');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('defuses a leading formula character', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(' =1')).toBe("' =1");
    expect(csvCell('\t=1')).toBe('"\'\t=1"');
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
  });

  it("keeps the issue's Acme;=cmd|' /C calc'!A0 one text cell in every locale", () => {
    const row = ['Name', "Acme;=cmd|' /C calc'!A0", 'Acme,=1+1', 'Acme\t@SUM(A1)', 'say "hi";=2'].map(csvCell).join(',');
    for (const sep of [',', ';', '\t']) {
      for (const cell of readLine(row, sep)) expect(live(cell), `separator ${JSON.stringify(sep)}: ${cell}`).toBe(false);
    }
    expect(readLine(row, ',')).toEqual(['Name', "Acme;=cmd|' /C calc'!A0", 'Acme,=1+1', 'Acme\t@SUM(A1)', 'say "hi";=2']);
  });
});
