import { useEffect, useState } from 'react';
import { getHotAndWarmLeads, getRecentSignalCount } from '../api/stored-data';
import type { Lead } from '../types';

/**
 * Stored hot/warm leads and the recent signal count for an admin session;
 * visitors get [] and 0 after the API's 401. `leads` is null while loading.
 */
export function useStoredData() {
  const [leads, setLeads] = useState<Lead[] | null>(null);
  const [signalCount, setSignalCount] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    void getHotAndWarmLeads().then((l) => live && setLeads(l));
    void getRecentSignalCount().then((n) => live && setSignalCount(n));
    return () => {
      live = false;
    };
  }, []);

  return { leads, signalCount };
}
