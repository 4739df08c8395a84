import { useMutation } from '@tanstack/react-query';
import { apiRequest, setCsrfToken } from '@/lib/admin/api-client';
import { signedInSchema } from './session-schema';

/** POST /api/client/invites/accept: sets the password and signs in. */
export const useAcceptInvite = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string; email?: string }) =>
      apiRequest('/api/client/invites/accept', { method: 'POST', body, schema: signedInSchema }).then((s) => setCsrfToken(s.csrfToken)),
  });
