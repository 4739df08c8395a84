import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, isUnauthorized, setCsrfToken } from '@/lib/admin/api-client';
import { portalKeys } from './query-keys';
import { portalBrandSchema } from '../lib/brand';

const meSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  client: z.object({ id: z.string(), name: z.string(), status: z.string(), portalMayEdit: z.boolean().optional() }),
  brand: portalBrandSchema.optional(),
});

export type PortalMe = z.infer<typeof meSchema>;

/** The readable hint cookie the server sets beside the client session cookie (docs/api.md "Client portal"). */
export const mayHaveClientSession = (cookies: string = typeof document === 'undefined' ? '' : document.cookie) =>
  cookies.split(';').some((c) => c.trim().startsWith('sp_client='));

/** The signed-in client user and its client, or null when signed out; remembers the session's CSRF token. */
export async function getPortalMe(): Promise<PortalMe | null> {
  if (!mayHaveClientSession()) return null;
  try {
    const session = await apiRequest('/api/client/session', { schema: z.object({ csrfToken: z.string() }) });
    setCsrfToken(session.csrfToken);
    return await apiRequest('/api/client/me', { schema: meSchema });
  } catch (err) {
    if (isUnauthorized(err)) return null;
    throw err;
  }
}

export const usePortalMe = () => useQuery({ queryKey: portalKeys.me(), queryFn: getPortalMe, retry: false });
