import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { dropSession } from './session';

/** POST /api/admin/logout (204). */
export async function logout(): Promise<void> {
  await apiRequest('/api/admin/logout', { method: 'POST' });
}

/** Sign-out mutation: whatever the answer, the console forgets the session. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => dropSession(queryClient),
  });
}
