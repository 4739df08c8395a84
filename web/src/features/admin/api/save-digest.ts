import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { clientSchema } from './client-schema';
import { adminKeys } from './query-keys';
import type { DigestInput } from './delivery-schema';

/** PATCH the client's digest time. */
export function useSaveDigest(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: DigestInput) =>
      apiRequest(`/api/admin/clients/${clientId}`, { method: 'PATCH', body: { settings }, schema: clientSchema }),
    onSuccess: (c) => qc.setQueryData(adminKeys.client(clientId), c),
  });
}
