import { useState } from 'react';
import { ApiError } from '@/lib/admin/api-client';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import type { ClientLead } from '@/lib/clients/lead-schema';
import { useUpdateClient } from '../api/update-client';
import type { Client } from '../api/client-schema';
import { QUEUE_PAGE, useReviewQueue } from '../api/list-review-queue';
import { useReviewActions, type BulkResult } from '../api/review-actions';

/**
 * The client's review queue (docs/clients.md "Review before delivery"): the
 * leads waiting for the owner, each with its evidence and its draft (edited
 * here, the draft is what the client receives), approved or rejected one by
 * one or the selected ones at once; and the client's delivery mode.
 */
export function ReviewQueue({ client }: { client: Client }) {
  const queue = useReviewQueue(client.id);
  const { review, draft } = useReviewActions(client.id);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const leads = queue.data?.leads ?? [];
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const act = (ids: string[], action: 'approve' | 'reject') => {
    setMessage(null);
    review.mutate(
      { ids, action },
      {
        onSuccess: (r) => {
          setSelected(new Set());
          setMessage(summary(r, action));
        },
        onError: (e) => setMessage(e instanceof Error ? e.message : 'Failed'),
      },
    );
  };
  const all = leads.length > 0 && leads.every((l) => selected.has(l.id));
  return (
    <section aria-labelledby="review-queue-title" className="space-y-3">
      <h3 id="review-queue-title" className="text-lg font-semibold text-white">
        Review queue{leads.length > 0 ? ` (${leads.length}${queue.data?.nextCursor ? '+' : ''})` : ''}
      </h3>
      <DeliveryModeControl client={client} />
      {queue.isPending && <p className="text-slate-400">Loading the queue…</p>}
      {queue.isError && (
        <p role="alert" className="text-rose-200">
          Could not load the queue: {queue.error.message}
        </p>
      )}
      {queue.data && leads.length === 0 && <p className="text-slate-400">No lead is waiting for review.</p>}
      {leads.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-200">
            <input type="checkbox" checked={all} onChange={() => setSelected(all ? new Set() : new Set(leads.map((l) => l.id)))} />
            Select all{queue.data?.nextCursor ? ` (the first ${QUEUE_PAGE})` : ''}
          </label>
          <button
            type="button"
            className={primaryButton}
            disabled={selected.size === 0 || review.isPending}
            onClick={() => act([...selected], 'approve')}
          >
            Approve selected ({selected.size})
          </button>
          <button
            type="button"
            className={secondaryButton}
            disabled={selected.size === 0 || review.isPending}
            onClick={() => act([...selected], 'reject')}
          >
            Reject selected
          </button>
        </div>
      )}
      {message && (
        <p role="status" className="text-sm text-slate-200">
          {message}
        </p>
      )}
      <ul className="space-y-3">
        {leads.map((l) => (
          <QueueItem
            key={l.id}
            lead={l}
            checked={selected.has(l.id)}
            onToggle={() => toggle(l.id)}
            busy={review.isPending}
            onApprove={() => act([l.id], 'approve')}
            onReject={() => act([l.id], 'reject')}
            onSaveDraft={(subject, body) => draft.mutateAsync({ id: l.id, subject, body })}
          />
        ))}
      </ul>
    </section>
  );
}

function summary(r: BulkResult, action: 'approve' | 'reject'): string {
  const failed = r.results.filter((x) => x.error);
  const queued = r.results.reduce((n, x) => n + x.queued, 0);
  let s = `${r.changed} ${action === 'approve' ? 'approved' : 'rejected'}`;
  if (action === 'approve') s += `, ${queued} deliveries queued`;
  if (failed.length > 0) s += `; ${failed.length} not changed: ${failed.map((f) => f.error).join('; ')}`;
  return s + '.';
}

function QueueItem({
  lead,
  checked,
  onToggle,
  busy,
  onApprove,
  onReject,
  onSaveDraft,
}: {
  lead: ClientLead;
  checked: boolean;
  onToggle: () => void;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onSaveDraft: (subject: string, body: string) => Promise<unknown>;
}) {
  const who = [lead.lead.name, lead.lead.title, lead.lead.company].filter(Boolean).join(' · ') || 'Unnamed prospect';
  const evidence = [...(lead.lead.detection?.cueLabels ?? []), ...(lead.lead.fit?.reasons ?? [])];
  const said = lead.lead.fullContext || lead.lead.signal || '';
  return (
    <li className="rounded-xl border border-ink-700 bg-ink-900/60 p-4" data-testid="queue-item">
      <div className="flex flex-wrap items-start gap-3">
        <input type="checkbox" className="mt-1" aria-label={`Select ${who}`} checked={checked} onChange={onToggle} />
        <div className="min-w-0 flex-1 space-y-2 text-sm text-slate-300">
          <p className="text-xs">
            {lead.tier} · score {Math.round(lead.score)} · {lead.signalType.replace(/_/g, ' ')}
          </p>
          <h4 className="break-words font-semibold text-white">{who}</h4>
          {said && <blockquote className="break-words border-l-2 border-ink-600 pl-3">{said.slice(0, 600)}</blockquote>}
          {evidence.length > 0 && (
            <ul aria-label="Evidence" className="list-disc pl-5">
              {evidence.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
          <a href={lead.url} target="_blank" rel="noreferrer" className="underline">
            Open post
          </a>
          <DraftEditor
            key={`${lead.lead.draft?.subject ?? ''}|${lead.lead.draft?.body ?? ''}`}
            subject={lead.lead.draft?.subject ?? ''}
            body={lead.lead.draft?.body ?? ''}
            idPrefix={`draft-${lead.id}`}
            onSave={onSaveDraft}
          />
          <div className="flex flex-wrap gap-2">
            <button type="button" className={primaryButton} disabled={busy} onClick={onApprove}>
              Approve
            </button>
            <button type="button" className={secondaryButton} disabled={busy} onClick={onReject}>
              Reject
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}

/** The draft as the client will receive it; saving sends the PATCH, the server's field errors show under it. */
function DraftEditor({
  subject: stored,
  body: storedBody,
  idPrefix,
  onSave,
}: {
  subject: string;
  body: string;
  idPrefix: string;
  onSave: (subject: string, body: string) => Promise<unknown>;
}) {
  const [subject, setSubject] = useState(stored);
  const [body, setBody] = useState(storedBody);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = subject !== stored || body !== storedBody;
  const save = async () => {
    setSaving(true);
    try {
      await onSave(subject, body);
      setError(null);
    } catch (e) {
      const fields = e instanceof ApiError ? Object.values(e.fields) : [];
      setError(fields.length > 0 ? fields.join('; ') : e instanceof Error ? e.message : 'Could not save the draft.');
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="space-y-2">
      <label htmlFor={`${idPrefix}-subject`} className="block text-slate-200">
        Draft subject
      </label>
      <input
        id={`${idPrefix}-subject`}
        className={inputClass}
        value={subject}
        maxLength={300}
        onChange={(e) => setSubject(e.target.value)}
      />
      <label htmlFor={`${idPrefix}-body`} className="block text-slate-200">
        Draft
      </label>
      <textarea
        id={`${idPrefix}-body`}
        className={inputClass}
        rows={5}
        value={body}
        maxLength={10000}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      {dirty && (
        <button type="button" className={secondaryButton} disabled={saving} onClick={() => void save()}>
          Save draft
        </button>
      )}
      {error && (
        <p role="alert" className="text-rose-200">
          {error}
        </p>
      )}
    </div>
  );
}

/** The client's delivery mode: every lead reviewed, or auto-approved from a score. */
export function DeliveryModeControl({ client }: { client: Client }) {
  const update = useUpdateClient(client.id);
  const settings = client.settings ?? {};
  const mode = settings.deliveryMode === 'auto' ? 'auto' : 'review';
  const storedAt = typeof settings.autoApproveAt === 'number' && settings.autoApproveAt > 0 ? settings.autoApproveAt : 80;
  const [at, setAt] = useState(String(storedAt));
  const [error, setError] = useState<string | null>(null);
  const save = (body: Record<string, unknown>) => {
    setError(null);
    update.mutate(
      { settings: body },
      {
        onError: (e) =>
          setError(e instanceof ApiError && Object.keys(e.fields).length > 0 ? Object.values(e.fields).join('; ') : e.message),
      },
    );
  };
  return (
    <fieldset className="space-y-2 rounded-lg border border-ink-700 p-3 text-sm text-slate-300">
      <legend className="px-1 text-slate-200">Delivery mode</legend>
      <label className="flex items-center gap-2">
        <input type="radio" name={`mode-${client.id}`} checked={mode === 'review'} onChange={() => save({ deliveryMode: 'review' })} />
        Review every lead before it reaches the client
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`mode-${client.id}`}
            checked={mode === 'auto'}
            onChange={() => save({ deliveryMode: 'auto', autoApproveAt: Number(at) })}
          />
          Send at once leads scoring at least
        </label>
        <input
          aria-label="Auto-approve score"
          className={`${inputClass} w-20`}
          inputMode="numeric"
          value={at}
          onChange={(e) => setAt(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
        {mode === 'auto' && String(storedAt) !== at && (
          <button type="button" className={secondaryButton} onClick={() => save({ deliveryMode: 'auto', autoApproveAt: Number(at) })}>
            Save score
          </button>
        )}
      </div>
      <p className="text-slate-400">{mode === 'auto' ? 'The rest wait here for review.' : 'New leads wait here until you approve them.'}</p>
      {error && (
        <p role="alert" className="text-rose-200">
          {error}
        </p>
      )}
    </fieldset>
  );
}
