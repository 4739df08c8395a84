import { z } from 'zod';

export const signedInSchema = z.object({ csrfToken: z.string() });
