import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { logoAnswerSchema, type BrandAnswer, type LogoAnswer } from './brand-schema';
import { adminKeys } from './query-keys';

/** The upload's body: the image in the field "file" (multipart/form-data). */
export function logoForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/**
 * POST /api/admin/brand/logo (uploadBrandLogo): stores the agency's logo and sets its brand's
 * logoUrl; 400 names `file` (over 512 KB, not a PNG, JPEG or WebP image).
 */
export function uploadBrandLogo(file: File): Promise<LogoAnswer> {
  return apiRequest('/api/admin/brand/logo', { method: 'POST', body: logoForm(file), schema: logoAnswerSchema });
}

export function useUploadBrandLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadBrandLogo,
    onSuccess: (a) => qc.setQueryData(adminKeys.brand(), (old: BrandAnswer | undefined) => old && { ...old, brand: a.brand }),
  });
}
