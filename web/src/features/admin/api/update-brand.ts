import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { brandAnswerSchema, type BrandAnswer, type BrandShape } from './brand-schema';
import { adminKeys } from './query-keys';

/** PUT /api/admin/brand (updateBrand): replaces the agency's brand; 400 names each bad field. */
export function updateBrand(brand: BrandShape): Promise<BrandAnswer> {
  return apiRequest('/api/admin/brand', { method: 'PUT', body: brand, schema: brandAnswerSchema });
}

export function useUpdateBrand() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateBrand, onSuccess: (a) => qc.setQueryData(adminKeys.brand(), a) });
}
