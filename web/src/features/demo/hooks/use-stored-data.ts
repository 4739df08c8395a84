import { QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { loadAdminSession } from '../api/admin-session';
import { demoKeys } from '../api/query-keys';
import { getSearchJobs } from '../api/search-jobs';
import { getHotAndWarmLeads, getRecentSignalCount } from '../api/stored-data';

/**
 * The demo's query client: each read runs once per visit (its loaders already
 * answer [] or 0 for a visitor or a failure, and say so in the console), with
 * no retry and no refetch on window focus.
 */
export function createDemoQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity } } });
}

async function loadJobs() {
  try {
    return await getSearchJobs();
  } catch (err) {
    console.error('Could not load search jobs', err);
    throw err; // the jobs shown stay as they were
  }
}

/**
 * What an admin session sees of the stored data: hot/warm leads, the recent
 * signal count and the search jobs. Visitors get [] and 0 without any call.
 * `leads` is null while loading; `reloadJobs` refreshes the jobs after a search.
 */
export function useStoredData() {
  const session = useQuery({ queryKey: demoKeys.session(), queryFn: loadAdminSession });
  const admin = session.data ?? null;
  // The stored reads start once the session is known, as the session read remembers the CSRF token.
  const leads = useQuery({ queryKey: demoKeys.leads(), queryFn: getHotAndWarmLeads, enabled: session.isSuccess });
  const signalCount = useQuery({ queryKey: demoKeys.signalCount(), queryFn: getRecentSignalCount, enabled: session.isSuccess });
  const jobs = useQuery({ queryKey: demoKeys.jobs(), queryFn: loadJobs, enabled: admin !== null });

  const queryClient = useQueryClient();
  const reloadJobs = useCallback(() => queryClient.invalidateQueries({ queryKey: demoKeys.jobs() }), [queryClient]);

  return { admin, leads: leads.data ?? null, signalCount: signalCount.data ?? null, jobs: jobs.data ?? [], reloadJobs };
}
