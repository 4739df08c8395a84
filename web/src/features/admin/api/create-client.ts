import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { clientSchema } from './client-schema';

/** A new client, with notes on the channels its onboarding asked for that could not be made. */
const createdClientSchema = clientSchema.extend({ notes: z.array(z.string()).nullish() });

/** POST /api/admin/clients: from an onboarding submission or blank. */
export function useCreateClient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { fromSubmission: string } | { name: string }) =>
      apiRequest('/api/admin/clients', { method: 'POST', body, schema: createdClientSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.clients() }),
  });
}
