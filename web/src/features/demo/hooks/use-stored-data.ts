import { useCallback, useEffect, useState } from 'react';
import { loadAdminSession } from '../api/admin-session';
import { getSearchJobs, type SearchJob } from '../api/search-jobs';
import { getHotAndWarmLeads, getRecentSignalCount } from '../api/stored-data';
import type { Lead } from '../types';

/**
 * What an admin session sees of the stored data: hot/warm leads, the recent
 * signal count and the search jobs. Visitors get [] and 0 without any call.
 * `leads` is null while loading; `reloadJobs` refreshes the jobs after a search.
 */
export function useStoredData() {
  const [admin, setAdmin] = useState<string | null>(null);
  const [leads, setLeads] = useState<Lead[] | null>(null);
  const [signalCount, setSignalCount] = useState<number | null>(null);
  const [jobs, setJobs] = useState<SearchJob[]>([]);

  const reloadJobs = useCallback(async () => {
    try {
      setJobs(await getSearchJobs());
    } catch (err) {
      console.error('Could not load search jobs', err);
    }
  }, []);

  useEffect(() => {
    let live = true;
    void loadAdminSession().then((email) => {
      if (!live) return;
      setAdmin(email);
      if (email) void reloadJobs();
      void getHotAndWarmLeads().then((l) => live && setLeads(l));
      void getRecentSignalCount().then((n) => live && setSignalCount(n));
    });
    return () => {
      live = false;
    };
  }, [reloadJobs]);

  return { admin, leads, signalCount, jobs, reloadJobs };
}
