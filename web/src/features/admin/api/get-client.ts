import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';
import { clientSchema } from './client-schema';

export const useClient = (id: string) =>
  useQuery({ queryKey: adminKeys.client(id), queryFn: () => apiRequest(`/api/admin/clients/${id}`, { schema: clientSchema }) });
