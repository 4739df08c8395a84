import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { brandAnswerSchema, type BrandAnswer } from './brand-schema';
import { adminKeys } from './query-keys';

/** GET /api/admin/brand (getBrand): the agency's brand and its defaults. */
export function getBrand(): Promise<BrandAnswer> {
  return apiRequest('/api/admin/brand', { schema: brandAnswerSchema });
}

export function useBrand() {
  return useQuery({ queryKey: adminKeys.brand(), queryFn: getBrand });
}
