import { useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './query-keys';

export function useInvalidateDelivery(clientId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: adminKeys.channels(clientId) });
    void qc.invalidateQueries({ queryKey: adminKeys.deliveries(clientId) });
  };
}
