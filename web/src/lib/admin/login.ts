import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, setCsrfToken } from './api-client';
import type { AdminSession } from './get-session';
import { sessionKey } from './session';

/** The sign-in form's input. */
export const loginInputSchema = z.object({
  email: z.email('Enter a valid email address'),
  password: z.string().min(1, 'Enter your password'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** POST /api/admin/login answer. */
export const loginResponseSchema = z.object({ email: z.string(), csrfToken: z.string() });

/** Signs in; the session cookie is set by the server. */
export async function login(input: LoginInput): Promise<AdminSession> {
  const res = await apiRequest('/api/admin/login', { method: 'POST', body: input, schema: loginResponseSchema });
  setCsrfToken(res.csrfToken);
  return { email: res.email, csrfToken: res.csrfToken };
}

/** Sign-in mutation: on success the console shows at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKey, session);
      void queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}
