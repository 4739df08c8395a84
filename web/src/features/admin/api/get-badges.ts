import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/admin/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/badges and POST /api/admin/badges/seen: unseen submissions per kind. */
export const badgesSchema = z.object({ booking: z.number().int().nonnegative(), onboarding: z.number().int().nonnegative() });

export type Badges = z.infer<typeof badgesSchema>;

/** The console's badges; polled each minute so a new booking shows without a reload. */
export const useBadges = () =>
  useQuery({
    queryKey: adminKeys.badges(),
    queryFn: () => apiRequest('/api/admin/badges', { schema: badgesSchema }),
    refetchInterval: 60_000,
    retry: false,
  });
