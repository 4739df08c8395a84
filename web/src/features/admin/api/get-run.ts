import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { runSchema } from './agent-schema';

/** GET /api/admin/runs/{id}, polled every second while the run is running or waits for its retry. */
export const useRun = (runId: string | null) =>
  useQuery({
    queryKey: adminKeys.run(runId ?? ''),
    queryFn: () => apiRequest(`/api/admin/runs/${runId}`, { schema: runSchema }),
    enabled: runId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' || q.state.data?.status === 'interrupted' || !q.state.data ? 1000 : false),
  });
