import { describe, expect, it } from 'vitest';
import type { FormSubmission } from '@/lib/form-submissions';
import { csvCell } from '@/lib/csv-cell';
import { csvFileName, submissionsCsv } from './csv';

const entry: FormSubmission = {
  timestamp: '2026-11-22T17:00:00.000Z',
  name: 'Ana "The Closer" Diaz',
  email: 'ana@acme.io',
  company: 'Acme, Inc.',
  monthlyRevenue: '1m_10m',
  targetRevenue: '',
  roadblock: 'Line one\nline two',
  bookingCapacity: '50',
  idealOutcome: 'plain',
};

describe('CSV export', () => {
  it('escapes cells', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('')).toBe('');
  });

  it('defuses formulas (OWASP CSV injection), also after a semicolon-locale separator', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell("Acme;=cmd|' /C calc'!A0")).toBe(`"Acme;=cmd|' /C calc'!A0"`);
  });

  it('writes a header row and one row per submission', () => {
    expect(submissionsCsv([entry])).toBe(
      'Date/Time,Name,Email,Company,Monthly Revenue,Target Revenue,Roadblock,Booking Capacity,Ideal Outcome\n' +
        '2026-11-22T17:00:00.000Z,"Ana ""The Closer"" Diaz",ana@acme.io,"Acme, Inc.",1m_10m,,"Line one\nline two",50,plain',
    );
    expect(submissionsCsv([])).toBe('Date/Time,Name,Email,Company,Monthly Revenue,Target Revenue,Roadblock,Booking Capacity,Ideal Outcome');
  });

  it('names the file by date', () => {
    expect(csvFileName(new Date('2026-03-04T10:00:00Z'))).toBe('form_submissions_2026-03-04.csv');
  });
});
