import { useMutation } from '@tanstack/react-query';
import { apiRequest, setCsrfToken } from '@/lib/admin/api-client';
import { signedInSchema } from './session-schema';

/** POST /api/client/login. */
export const usePortalLogin = () =>
  useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      apiRequest('/api/client/login', { method: 'POST', body, schema: signedInSchema }).then((s) => setCsrfToken(s.csrfToken)),
  });
