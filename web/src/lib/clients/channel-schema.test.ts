import { describe, expect, it } from 'vitest';
import { applyMapping, channelBody } from './channel-schema';

describe('CRM mapping', () => {
  it("applies only the kind's fields, dropping cleared ones and keeping what the form does not show", () => {
    const stored = { ownerId: '1', task: true, profileProperty: 'linkedin_url', properties: { sp_signal: 'signalType' } };
    expect(applyMapping('hubspot', stored, { ownerId: '', scoreProperty: 'sp_score', task: false, label: 'stale' })).toEqual({
      scoreProperty: 'sp_score',
      profileProperty: 'linkedin_url',
      properties: { sp_signal: 'signalType' },
    });
    expect(applyMapping('pipedrive', {}, { ownerId: '9', label: 'Signalpipe', task: true })).toEqual({ ownerId: '9', label: 'Signalpipe' });
  });

  it('sends a CRM channel instant with its token and mapping, another with its target', () => {
    expect(
      channelBody({ kind: 'pipedrive', target: '', cadence: 'weekly', token: 't', mapping: { label: 'x', scoreProperty: 'y' } }),
    ).toEqual({
      kind: 'pipedrive',
      cadence: 'instant',
      token: 't',
      mapping: { label: 'x' },
    });
    expect(channelBody({ kind: 'slack', target: 'https://hooks.slack.com/services/x', cadence: 'daily', token: 'zz' })).toEqual({
      kind: 'slack',
      target: 'https://hooks.slack.com/services/x',
      cadence: 'daily',
    });
  });
});
