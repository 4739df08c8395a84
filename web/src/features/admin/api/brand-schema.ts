import { z } from 'zod';

/**
 * The white-label brand as the API answers it (docs/clients.md "White-label"): every field a string,
 * empty when unset. The form's own checks are in components/brand-form.tsx.
 */
export const brandShape = z
  .object({
    name: z.string(),
    logoUrl: z.string(),
    primaryColor: z.string(),
    senderName: z.string(),
    senderAddress: z.string(),
    replyTo: z.string(),
    portalHost: z.string(),
  })
  .partial();
export type BrandShape = z.infer<typeof brandShape>;

/** GET and PUT /api/admin/brand: the agency's brand and the defaults that stand where it sets nothing. */
export const brandAnswerSchema = z.object({ brand: brandShape, defaults: z.record(z.string(), z.string()) });
export type BrandAnswer = z.infer<typeof brandAnswerSchema>;

/** A logo upload's answer: the logo's public URL (now the brand's logoUrl), its sniffed type and size, the brand saved. */
export const logoAnswerSchema = z.object({ logoUrl: z.string(), contentType: z.string(), size: z.number(), brand: brandShape });
export type LogoAnswer = z.infer<typeof logoAnswerSchema>;

/** What the server takes as a logo (internal/clients/brand_logo.go): the types it sniffs, and 512 KB. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_LOGO_BYTES = 512 * 1024;
