import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';

/** POST /api/admin/agents/{id}/run: 202 with the run's id. */
export const useRunAgent = () =>
  useMutation({
    mutationFn: (agentId: string) =>
      apiRequest(`/api/admin/agents/${agentId}/run`, { method: 'POST', schema: z.object({ runId: z.string() }) }),
  });
