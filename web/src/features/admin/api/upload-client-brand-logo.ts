import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/admin/api-client';
import { logoAnswerSchema, type LogoAnswer } from './brand-schema';
import { adminKeys } from './query-keys';
import { logoForm } from './upload-brand-logo';

/**
 * POST /api/admin/clients/{id}/brand/logo (uploadClientBrandLogo): stores the client's own logo
 * and sets its settings.brand.logoUrl; 400 names `file`, 404 an unknown client.
 */
export function uploadClientBrandLogo({ clientId, file }: { clientId: string; file: File }): Promise<LogoAnswer> {
  return apiRequest(`/api/admin/clients/${encodeURIComponent(clientId)}/brand/logo`, {
    method: 'POST',
    body: logoForm(file),
    schema: logoAnswerSchema,
  });
}

export function useUploadClientBrandLogo(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadClientBrandLogo({ clientId, file }),
    // The client (its settings.brand) is under adminKeys.clients().
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminKeys.clients() }),
  });
}
