import { sampleLeads } from '../content/sample-leads';
import { csvCell as csvField } from '@/lib/csv-cell';
import { toCsv } from '@/lib/csv';
import { leadsCsv } from './lead-csv';

describe('csvField', () => {
  it('leaves plain values alone', () => {
    expect(csvField('Maya')).toBe('Maya');
    expect(csvField(95)).toBe('95');
  });

  it('quotes values with commas', () => {
    expect(csvField('Sales, EMEA')).toBe('"Sales, EMEA"');
  });

  it('doubles quotes and wraps the value', () => {
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });

  it('defuses formulas, also after a semicolon-locale separator', () => {
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField("Acme;=cmd|' /C calc'!A0")).toBe(`"Acme;=cmd|' /C calc'!A0"`);
  });

  it('quotes values with line breaks', () => {
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });
});

describe('toCsv', () => {
  it('joins rows with CRLF and ends with one', () => {
    expect(toCsv([['1', 'x,y']], ['a', 'b'])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});

describe('leadsCsv', () => {
  it('has a header and one row per lead with the full signal', () => {
    const lines = leadsCsv(sampleLeads.slice(0, 2)).trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('Name,Title,Company,Email,Website,Signal,Source,Intent,Intent Score');
    expect(lines[1]).toContain(`,${csvField(sampleLeads[0].signal)},`);
    expect(lines[1].endsWith(',Ready to Buy,95')).toBe(true);
  });
});
