import { z } from 'zod';

export const portalChannelSchema = z.object({
  id: z.string(),
  kind: z.string(),
  target: z.string(),
  cadence: z.string(),
  status: z.enum(['active', 'disabled', 'paused']),
  disabledReason: z.string().nullish(),
  failingSince: z.string().nullish(),
  createdAt: z.string(),
});

export type PortalChannel = z.infer<typeof portalChannelSchema>;
