import { IcpForm, type IcpFormProps } from './icp-form';
import type { SearchJob } from '../api/search-jobs';
import { MonitoringCards } from './monitoring-cards';
import { SearchJobs } from './search-jobs';

interface DiscoveryViewProps extends IcpFormProps {
  /** The admin's search jobs; null for a visitor (nothing is stored for them). */
  jobs: readonly SearchJob[] | null;
}

/** Intent Agents: the ICP form with Find Live Leads, the monitoring cards and an admin's searches. */
export function DiscoveryView({ jobs, ...form }: DiscoveryViewProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-white">Intent Agents</h1>
      <IcpForm {...form} />
      <MonitoringCards admin={jobs !== null} />
      {jobs && <SearchJobs jobs={jobs} />}
    </div>
  );
}
