import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, ApiError } from '@/lib/admin/api-client';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import { useUpdateClient } from '../api/update-client';
import type { Client } from '../api/client-schema';

/** The campaign templates a client may reword (internal/engine/draft Templates' ids). */
export const DRAFT_TEMPLATES: { id: string; title: string }[] = [
  { id: 'competitor-engagement', title: 'Competitor Engagement' },
  { id: 'new-role-alert', title: 'New Role Alert' },
  { id: 'fresh-funding', title: 'Fresh Funding' },
  { id: 'hiring-spree', title: 'Hiring Spree' },
  { id: 'event-registration', title: 'Event Registration' },
  { id: 'content-consumption', title: 'Content Consumption' },
  { id: 'profile-stalking', title: 'Profile Stalking' },
  { id: 'internal-engagement', title: 'Internal Engagement' },
  { id: 'tool-migration', title: 'Tool Migration' },
  { id: 'pain-point-posts', title: 'Pain Point Posts' },
];

const customSchema = z.object({ subject: z.string().optional(), body: z.string().optional() });

/** settings.drafts of a client (docs/clients.md "Drafts"). */
export const draftSettingsSchema = z.object({
  sender: z.string().optional(),
  product: z.string().optional(),
  proofPoint: z.string().optional(),
  caseStudy: z.string().optional(),
  templates: z.record(z.string(), customSchema).optional(),
});
export type DraftSettings = z.infer<typeof draftSettingsSchema>;

const draftSchema = z.object({ templateId: z.string(), subject: z.string(), body: z.string() });

/** POST /api/admin/clients/{id}/draft-preview. */
export const previewSchema = z.object({
  facts: z.object({
    sender: z.string().optional(),
    product: z.string().optional(),
    proofPoint: z.string().optional(),
    caseStudy: z.string().optional(),
  }),
  previews: z.array(
    z.object({
      leadId: z.string(),
      name: z.string(),
      company: z.string(),
      signalType: z.string(),
      draft: draftSchema,
      current: draftSchema,
    }),
  ),
});

const FACTS: { key: 'sender' | 'product' | 'proofPoint' | 'caseStudy'; label: string; hint: string }[] = [
  { key: 'sender', label: 'Sender', hint: 'Who signs; empty: the client contact.' },
  { key: 'product', label: 'Product', hint: 'What the client sells, a short phrase ([product]).' },
  { key: 'proofPoint', label: 'Proof point', hint: 'One sentence with a result ([proof]).' },
  { key: 'caseStudy', label: 'Case study', hint: 'One sentence on what a customer did ([case]).' },
];

/** Drops empty values so that a PATCH carries only what the owner wrote. */
function compact(d: DraftSettings): DraftSettings {
  const out: DraftSettings = {};
  for (const f of FACTS) if (d[f.key]?.trim()) out[f.key] = d[f.key]!.trim();
  const templates: Record<string, { subject?: string; body?: string }> = {};
  for (const [id, c] of Object.entries(d.templates ?? {})) {
    const t: { subject?: string; body?: string } = {};
    if (c.subject?.trim()) t.subject = c.subject;
    if (c.body?.trim()) t.body = c.body;
    if (t.subject || t.body) templates[id] = t;
  }
  if (Object.keys(templates).length > 0) out.templates = templates;
  return out;
}

/**
 * The client's drafts: who signs, the facts the templates use, its own
 * wording of each template (slots [name] [company] [role] [topic]
 * [product] [proof] [case] [sender]; a {…} group is written only when its
 * slots are known), and a preview over its latest real leads before saving.
 */
export function DraftSettingsPanel({ client }: { client: Client }) {
  const stored = draftSettingsSchema.safeParse(client.settings?.drafts ?? {});
  const [form, setForm] = useState<DraftSettings>(stored.success ? stored.data : {});
  const [templateId, setTemplateId] = useState(DRAFT_TEMPLATES[0].id);
  const update = useUpdateClient(client.id);
  const preview = useMutation({
    mutationFn: (drafts: DraftSettings) =>
      apiRequest(`/api/admin/clients/${client.id}/draft-preview`, { method: 'POST', body: { drafts, limit: 5 }, schema: previewSchema }),
  });
  const err = update.error ?? preview.error;
  const fields = err instanceof ApiError ? err.fields : {};
  const fieldError = (key: string) => fields[`settings.drafts.${key}`];
  const custom = form.templates?.[templateId] ?? {};
  const setCustom = (part: 'subject' | 'body', value: string) =>
    setForm((f) => ({
      ...f,
      templates: { ...(f.templates ?? {}), [templateId]: { ...(f.templates?.[templateId] ?? {}), [part]: value } },
    }));

  return (
    <section aria-labelledby="drafts-heading" className="space-y-3">
      <h3 id="drafts-heading" className="text-lg font-semibold text-white">
        Drafts
      </h3>
      <p className="text-sm text-slate-400">Empty facts come from the ICP&apos;s knowledge base.</p>
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          preview.reset();
          void update.mutateAsync({ settings: { drafts: compact(form) } }).catch(() => {});
        }}
      >
        {FACTS.map((f) => (
          <div key={f.key}>
            <label htmlFor={`drafts-${f.key}`} className="text-sm font-medium text-slate-200">
              {f.label}
            </label>
            <input
              id={`drafts-${f.key}`}
              className={inputClass}
              value={form[f.key] ?? ''}
              aria-describedby={`drafts-${f.key}-hint`}
              aria-invalid={fieldError(f.key) ? true : undefined}
              onChange={(e) => setForm((x) => ({ ...x, [f.key]: e.target.value }))}
            />
            <p id={`drafts-${f.key}-hint`} className="text-xs text-slate-400">
              {f.hint}
            </p>
            {fieldError(f.key) && (
              <p role="alert" className="text-sm text-rose-200">
                {fieldError(f.key)}
              </p>
            )}
          </div>
        ))}
        <div>
          <label htmlFor="drafts-template" className="text-sm font-medium text-slate-200">
            Template
          </label>
          <select id="drafts-template" className={inputClass} value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
            {DRAFT_TEMPLATES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="drafts-subject" className="text-sm font-medium text-slate-200">
            Subject (empty: the standard wording)
          </label>
          <input
            id="drafts-subject"
            className={inputClass}
            value={custom.subject ?? ''}
            onChange={(e) => setCustom('subject', e.target.value)}
          />
          {fieldError(`templates.${templateId}.subject`) && (
            <p role="alert" className="text-sm text-rose-200">
              {fieldError(`templates.${templateId}.subject`)}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="drafts-body" className="text-sm font-medium text-slate-200">
            Body (empty: the standard wording)
          </label>
          <textarea
            id="drafts-body"
            rows={8}
            className={inputClass}
            value={custom.body ?? ''}
            onChange={(e) => setCustom('body', e.target.value)}
          />
          {fieldError(`templates.${templateId}.body`) && (
            <p role="alert" className="text-sm text-rose-200">
              {fieldError(`templates.${templateId}.body`)}
            </p>
          )}
        </div>
        {err && Object.keys(fields).length === 0 && (
          <p role="alert" className="text-sm text-rose-200">
            {err.message}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButton}
            disabled={preview.isPending}
            onClick={() => {
              update.reset();
              preview.mutate(compact(form));
            }}
          >
            Preview on latest leads
          </button>
          <button type="submit" className={primaryButton} disabled={update.isPending}>
            Save drafts
          </button>
        </div>
        {update.isSuccess && (
          <p role="status" className="text-sm text-emerald-200">
            Saved.
          </p>
        )}
      </form>
      {preview.data && (
        <div aria-label="Draft previews" role="region" className="space-y-3">
          {preview.data.previews.length === 0 && <p className="text-sm text-slate-400">No leads yet to preview on.</p>}
          {preview.data.previews.map((p) => (
            <article key={p.leadId} className="rounded border border-slate-700 p-3 text-sm">
              <p className="text-slate-400">
                {[p.name, p.company].filter(Boolean).join(', ') || 'Unnamed lead'} · {p.signalType}
              </p>
              <p className="font-medium text-white">{p.draft.subject}</p>
              <pre className="whitespace-pre-wrap break-words font-sans text-slate-200">{p.draft.body}</pre>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
