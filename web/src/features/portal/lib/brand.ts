import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';

/** What a client sees of the agency's brand (docs/clients.md "White-label"); name is "Signalpipe" when none is set. */
export const portalBrandSchema = z.object({
  name: z.string(),
  logoUrl: z.string().default(''),
  primaryColor: z.string().default(''),
});
export type PortalBrand = z.infer<typeof portalBrandSchema>;

/** The product's own name: shown with its mark while the owner sets no brand name. */
export const defaultBrandName = 'Signalpipe';

/** A brand the owner set (a name other than the default, a logo or a colour). */
export const isCustomBrand = (b?: PortalBrand | null): b is PortalBrand =>
  !!b && (b.name !== defaultBrandName || b.logoUrl !== '' || b.primaryColor !== '');

/** GET /api/client/brand: the brand of the portal at this host, before anyone signs in; the default on any failure. */
export const usePublicPortalBrand = () =>
  useQuery({
    queryKey: ['portal', 'brand'],
    queryFn: () => apiRequest('/api/client/brand', { schema: portalBrandSchema }).catch(() => null),
    retry: false,
    staleTime: 5 * 60_000,
  });
