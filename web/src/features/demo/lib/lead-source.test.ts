import { fallbackLeads } from '../content/fallback-leads';
import { sampleLeads } from '../content/sample-leads';
import { chooseLeadSource } from './lead-source';

const idle = { searching: false, done: false, leads: [], fallback: false };
const stored = [sampleLeads[0]!];

describe('chooseLeadSource', () => {
  it('shows placeholders while a search runs', () => {
    expect(chooseLeadSource({ search: { ...idle, searching: true }, stored, samples: sampleLeads })).toEqual({ kind: 'loading' });
  });
  it('prefers non-empty live results over stored leads', () => {
    const s = chooseLeadSource({ search: { ...idle, done: true, leads: fallbackLeads, fallback: true }, stored, samples: sampleLeads });
    expect(s).toEqual({ kind: 'live', leads: fallbackLeads, fallback: true });
  });
  it('a finished empty search is empty', () => {
    expect(chooseLeadSource({ search: { ...idle, done: true }, stored, samples: sampleLeads })).toEqual({ kind: 'empty' });
  });
  it('shows placeholders while stored leads load', () => {
    expect(chooseLeadSource({ search: idle, stored: null, samples: sampleLeads })).toEqual({ kind: 'loading' });
  });
  it('uses stored leads when any exist', () => {
    expect(chooseLeadSource({ search: idle, stored, samples: sampleLeads })).toEqual({ kind: 'stored', leads: stored });
  });
  it('falls back to the samples (a visitor: no stored data)', () => {
    expect(chooseLeadSource({ search: idle, stored: [], samples: sampleLeads })).toEqual({ kind: 'samples', leads: sampleLeads });
  });
});
