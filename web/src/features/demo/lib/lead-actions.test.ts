import { describe, expect, it } from 'vitest';
import type { Lead } from '../types';
import { leadsCsv } from './lead-actions';

const lead: Lead = {
  id: 'lead_1',
  name: '=HYPERLINK("http://evil","Ana")',
  title: 'VP Sales',
  company: "Acme;=cmd|' /C calc'!A0",
  email: 'ana@acme.example',
  phone: '+1 555 0100',
  signal: 'Hiring, fast',
  source: 'reddit',
  linkedin: '',
  fullContext: '',
  intentScore: 92,
  status: 'Ready to Buy',
  intentTier: 'hot',
  industry: 'SaaS',
  employees: '50-200',
};

describe('leadsCsv (demo Export)', () => {
  it('defuses formulas, at the start and after a locale separator', () => {
    const [, row] = leadsCsv([lead]).trimEnd().split('\r\n');
    expect(row).toBe(
      `"'=HYPERLINK(""http://evil"",""Ana"")",VP Sales,"Acme;=cmd|' /C calc'!A0",ana@acme.example,'+1 555 0100,"Hiring, fast",reddit,,92,Ready to Buy`,
    );
  });
});
