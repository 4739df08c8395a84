import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, setCsrfToken } from './client';
import { adminKeys } from './query-keys';

/** POST /api/admin/logout (204). */
export async function logout(): Promise<void> {
  await apiRequest('/api/admin/logout', { method: 'POST' });
}

/** Sign-out mutation: whatever the answer, the console forgets the session. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      setCsrfToken(null);
      queryClient.removeQueries({ queryKey: adminKeys.submissions() });
      queryClient.setQueryData(adminKeys.session(), null);
    },
  });
}
