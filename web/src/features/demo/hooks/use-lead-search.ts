import { useCallback, useRef, useState } from 'react';
import { checkWebsetStatus } from '../api/check-webset-status';
import { processResults } from '../api/process-results';
import { researchLeads } from '../api/research-leads';
import { buildIcpPayload, describeIcp } from '../lib/icp-payload';
import { runLeadSearch } from '../lib/run-lead-search';
import type { IcpForm, Lead } from '../types';

export interface LeadSearchState {
  searching: boolean;
  done: boolean;
  progress: string;
  leads: readonly Lead[];
  fallback: boolean;
  /** When the newest post the last search read was published (ISO 8601), if known. */
  newestPostAt?: string;
  /** What the last search read and why posts were left out, when the server said. */
  readSummary?: string;
}

const idle: LeadSearchState = { searching: false, done: false, progress: '', leads: [], fallback: false };

/** The live lead search as React state: idle → searching (with progress) → done. */
export function useLeadSearch() {
  const [state, setState] = useState(idle);
  const running = useRef(false);

  const search = useCallback(async (form: IcpForm) => {
    if (running.current) return;
    running.current = true;
    setState({ ...idle, searching: true, progress: 'Initializing search...' });
    const icp = buildIcpPayload(form);
    const outcome = await runLeadSearch(
      icp,
      { research: researchLeads, check: checkWebsetStatus, process: (leads) => processResults(leads, describeIcp(icp)) },
      (progress) => setState((s) => ({ ...s, progress })),
    );
    running.current = false;
    setState({
      searching: false,
      done: true,
      progress: '',
      leads: outcome.leads,
      fallback: outcome.fallback,
      newestPostAt: outcome.newestPostAt,
      readSummary: outcome.readSummary,
    });
  }, []);

  return { ...state, search };
}
