import { z } from 'zod';

/** A client's delivery channel (docs/api.md "Delivery channels"). */
export const channelSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  kind: z.string(),
  target: z.string(),
  cadence: z.string(),
  status: z.enum(['active', 'disabled', 'paused']),
  disabledReason: z.string().nullish(),
  createdAt: z.string(),
  failingSince: z.string().nullish(),
  /** A CRM channel's field mapping (docs/clients.md "CRM channels"); the fields the console does not edit are kept as they are. */
  mapping: z.record(z.string(), z.unknown()).nullish(),
});

export type Channel = z.infer<typeof channelSchema>;

/** What a channel's receiver answered to the test lead. */
export const testSendSchema = z.object({
  ok: z.boolean(),
  responseCode: z.number(),
  message: z.string(),
  records: z.record(z.string(), z.string()).nullish(),
});

export type TestSend = z.infer<typeof testSendSchema>;

/** One line of the delivery log. */
export const attemptSchema = z.object({
  id: z.string(),
  deliveryId: z.string(),
  channelId: z.string(),
  leadId: z.string(),
  attemptedAt: z.string(),
  outcome: z.string(),
  latencyMs: z.number(),
  responseCode: z.number(),
  error: z.string(),
  deliveryStatus: z.string(),
  /** The lead's person, else its company, else its post's title. */
  leadName: z.string().nullish(),
  /** webhook, slack or email. */
  channelKind: z.string().nullish(),
});

export type DeliveryAttempt = z.infer<typeof attemptSchema>;

export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The digest time of a client's settings. */
export const digestInputSchema = z.object({
  digestHour: z.number('An hour from 0 to 23').int().min(0, 'An hour from 0 to 23').max(23, 'An hour from 0 to 23'),
  digestWeekday: z.enum(weekdays),
  timeZone: z.string().trim().min(1, 'An IANA time zone such as Europe/Paris'),
});

export type DigestInput = z.infer<typeof digestInputSchema>;
