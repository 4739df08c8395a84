import { z } from 'zod';

/** How often a delivery channel sends, and its kinds (docs/clients.md "Delivery"); the console and the portal share the form's schema. */
export const cadences = ['instant', 'daily', 'weekly'] as const;
export const channelKinds = ['email', 'webhook', 'slack', 'hubspot', 'pipedrive'] as const;
/** The CRM kinds: a token and a field mapping instead of a target (docs/clients.md "CRM channels"). */
export const crmKinds = ['hubspot', 'pipedrive'] as const;
export type CrmKind = (typeof crmKinds)[number];
export const isCrmKind = (kind: string): kind is CrmKind => (crmKinds as readonly string[]).includes(kind);

/**
 * The mapping fields the console edits, as the server checks them (crm.go CRMMapping.check):
 * HubSpot takes ownerId, scoreProperty and task; Pipedrive ownerId and label.
 */
export const crmMappingSchema = z.object({
  ownerId: z.string().trim().max(40, 'At most 40 digits').regex(/^\d*$/, "The CRM user's numeric id").optional(),
  scoreProperty: z
    .string()
    .trim()
    .max(100, 'At most 100 characters')
    .regex(/^\w*$/, "A property's internal name (letters, digits, _)")
    .optional(),
  task: z.boolean().optional(),
  label: z.string().trim().max(60, 'At most 60 characters').optional(),
});
export type CrmMapping = z.infer<typeof crmMappingSchema>;

const crmFields: Record<CrmKind, readonly (keyof CrmMapping)[]> = {
  hubspot: ['ownerId', 'scoreProperty', 'task'],
  pipedrive: ['ownerId', 'label'],
};

/**
 * The stored mapping with the form's fields of kind applied: a cleared field is removed, the
 * fields the form does not show (HubSpot's properties, profileProperty) are kept.
 */
export function applyMapping(kind: CrmKind, stored: Record<string, unknown> | null | undefined, edits: CrmMapping = {}) {
  const out: Record<string, unknown> = { ...(stored ?? {}) };
  for (const key of crmFields[kind]) {
    const v = edits[key];
    if (v === undefined || v === '' || v === false) delete out[key];
    else out[key] = v;
  }
  return out;
}

// Up to 10 comma-separated addresses; the server parses them again.
const emailList = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+(\s*,\s*[^\s@,]+@[^\s@,]+\.[^\s@,]+){0,9}$/;

/**
 * The add-channel form: an email channel takes addresses, webhook and Slack an http(s) URL, a CRM
 * its API token and mapping; the server checks further (mail configured, the URL reachable and
 * not private).
 */
export const channelInputSchema = z
  .object({
    kind: z.enum(channelKinds),
    target: z.string().trim().max(2000),
    cadence: z.enum(cadences),
    token: z.string().trim().max(500, 'At most 500 characters').optional(),
    mapping: crmMappingSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (isCrmKind(v.kind)) {
      if (!v.token || /\s/.test(v.token)) {
        ctx.addIssue({ code: 'custom', path: ['token'], message: 'Paste the API token (no spaces)' });
      }
      return;
    }
    if (!v.target) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'Enter where to deliver' });
    } else if (v.kind === 'email' ? !emailList.test(v.target) : !z.string().url().safeParse(v.target).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['target'],
        message: v.kind === 'email' ? 'Enter up to 10 email addresses, separated by commas' : 'Enter an http or https URL',
      });
    }
  });
export type ChannelInput = z.infer<typeof channelInputSchema>;

/** The body the server takes for values: a CRM channel's token and mapping, another's target. */
export function channelBody(values: ChannelInput) {
  if (!isCrmKind(values.kind)) return { kind: values.kind, target: values.target, cadence: values.cadence };
  return { kind: values.kind, cadence: 'instant' as const, token: values.token, mapping: applyMapping(values.kind, {}, values.mapping) };
}
