import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';

/** POST /api/admin/clients/{id}/invites: an invite link to pass on, bound to an email when one is given. */
export function useCreateInvite(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (email?: string) =>
      apiRequest(`/api/admin/clients/${clientId}/invites`, {
        method: 'POST',
        body: email ? { email } : {},
        schema: z.object({
          url: z.string(),
          email: z.string().nullish(),
          expiresAt: z.string(),
          emailed: z.boolean().nullish(),
          emailError: z.string().nullish(),
        }),
      }),
    // The server marks the contact "invited": read the client again so the panel says so.
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.client(clientId) }),
  });
}
