import { z } from 'zod';

/** How often a delivery channel sends, and its kinds (docs/clients.md "Delivery"); the console and the portal share the form's schema. */
export const cadences = ['instant', 'daily', 'weekly'] as const;
export const channelKinds = ['email', 'webhook', 'slack'] as const;

// Up to 10 comma-separated addresses; the server parses them again.
const emailList = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+(\s*,\s*[^\s@,]+@[^\s@,]+\.[^\s@,]+){0,9}$/;

/**
 * The add-channel form: an email channel takes addresses, the others an http(s) URL; the server
 * checks further (mail configured, the URL reachable and not private).
 */
export const channelInputSchema = z
  .object({
    kind: z.enum(channelKinds),
    target: z.string().trim().min(1, 'Enter where to deliver').max(2000),
    cadence: z.enum(cadences),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'email' ? !emailList.test(v.target) : !z.string().url().safeParse(v.target).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['target'],
        message: v.kind === 'email' ? 'Enter up to 10 email addresses, separated by commas' : 'Enter an http or https URL',
      });
    }
  });
export type ChannelInput = z.infer<typeof channelInputSchema>;
