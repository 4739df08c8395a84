import { useState } from 'react';
import { leadStates, type ClientLead, type LeadState } from '@/lib/clients/lead-schema';
import { inputClass, secondaryButton } from '@/components/ui/form-styles';
import { linkUrl } from '@/lib/link-url';

export interface LeadActions {
  /** Good or noise with a reason. */
  onFeedback: (id: string, verdict: 'good' | 'noise', reason: string) => Promise<unknown>;
  /** Moves the lead's state; absent where the viewer may not (the portal). */
  onState?: (id: string, state: LeadState) => Promise<unknown>;
  /** Saves the lead's note and owner (a team member); absent where the viewer may not. */
  onNote?: (id: string, note: string, owner: string) => Promise<unknown>;
  /** The states onState offers (default: every inbox state). */
  states?: readonly LeadState[];
  /** Whether the note form also edits the owner (default true; the portal keeps only a note). */
  noteOwner?: boolean;
}

const tierClass: Record<string, string> = {
  hot: 'bg-rose-500/20 text-rose-200',
  warm: 'bg-amber-500/20 text-amber-200',
};

/** Who a lead is, in one line (name, title, company). */
export const leadWho = (lead: ClientLead) =>
  [lead.lead.name, lead.lead.title, lead.lead.company].filter(Boolean).join(' · ') || 'Unnamed prospect';

interface LeadCardProps {
  lead: ClientLead;
  actions: LeadActions;
  /** The lead a link points at (an email's /portal?lead=<id>): outlined, its evidence open, focusable. */
  highlight?: boolean;
  /** Given the highlighted card's element (to focus and scroll to it). */
  highlightRef?: (el: HTMLLIElement | null) => void;
}

/** One lead as a card (fits a 390 px screen): who, the signal, and on demand the evidence and actions. */
export function LeadCard({ lead, actions, highlight = false, highlightRef }: LeadCardProps) {
  const [open, setOpen] = useState(highlight);
  const who = leadWho(lead);
  const postHref = linkUrl(lead.url);
  return (
    <li
      className={`rounded-xl border bg-ink-900/60 p-4 ${highlight ? 'border-brand-400 ring-2 ring-brand-400/60' : 'border-ink-700'}`}
      data-testid="lead-card"
      data-highlighted={highlight || undefined}
      aria-current={highlight || undefined}
      aria-label={highlight ? `Lead from your link: ${who}` : undefined}
      tabIndex={highlight ? -1 : undefined}
      ref={highlight ? highlightRef : undefined}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className={`rounded-full px-2 py-0.5 font-semibold ${tierClass[lead.tier] ?? 'bg-ink-700 text-slate-300'}`}>{lead.tier}</span>
        <span className="text-slate-300">Score {Math.round(lead.score)}</span>
        <span className="text-slate-300">{lead.signalType.replace(/_/g, ' ')}</span>
        <span className="text-slate-300">State: {lead.state.replace(/_/g, ' ')}</span>
        {lead.review && lead.review !== 'approved' && (
          <span className="rounded-full bg-ink-700 px-2 py-0.5 text-slate-200">
            {lead.review === 'pending' ? 'Waiting for review' : 'Rejected'}
          </span>
        )}
        {lead.owner && <span className="text-slate-300">Owner: {lead.owner}</span>}
        {lead.feedback && <span className="text-slate-200">Feedback: {lead.feedback.verdict}</span>}
      </div>
      <h3 className="mt-2 break-words font-semibold text-white">{who}</h3>
      {lead.lead.signal && <p className="mt-1 break-words text-sm text-slate-300">{lead.lead.signal}</p>}
      {lead.account?.whyNow && (
        <p className="mt-1 break-words text-sm text-slate-300" data-testid="lead-why-now">
          <strong className="text-slate-200">
            Why now at {lead.account.name} (account score {lead.account.score}):
          </strong>{' '}
          {lead.account.whyNow}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide evidence' : 'Show evidence'}
        </button>
        {postHref && (
          <a href={postHref} target="_blank" rel="noreferrer" className={secondaryButton}>
            Open post
          </a>
        )}
      </div>
      {open && <LeadDetail lead={lead} actions={actions} />}
    </li>
  );
}

function LeadDetail({ lead, actions }: { lead: ClientLead; actions: LeadActions }) {
  const [reason, setReason] = useState(lead.feedback?.reason ?? '');
  const [error, setError] = useState<string | null>(null);
  const reasons = lead.lead.fit?.reasons ?? [];
  const run = (p: Promise<unknown>) =>
    p.then(() => setError(null)).catch((e: unknown) => setError(e instanceof Error ? e.message : 'Failed'));
  return (
    <div className="mt-3 space-y-3 border-t border-ink-700 pt-3 text-sm text-slate-300">
      {lead.lead.fullContext && <blockquote className="break-words border-l-2 border-ink-600 pl-3">{lead.lead.fullContext}</blockquote>}
      {reasons.length > 0 && (
        <ul className="list-disc pl-5">
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {lead.lead.draft?.body && (
        <p className="whitespace-pre-wrap break-words">
          <strong className="text-slate-200">Draft: {lead.lead.draft.subject}</strong>
          {'\n'}
          {lead.lead.draft.body}
          {lead.account?.postscript && `\n\n${lead.account.postscript}`}
        </p>
      )}
      {actions.onState && (
        <label className="block">
          State
          <select
            className={inputClass}
            value={lead.state}
            onChange={(e) => void run(actions.onState!(lead.id, e.target.value as LeadState))}
          >
            {(actions.states ?? leadStates).map((s) => (
              <option key={s} value={s}>
                {s.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
      )}
      {actions.onNote && <NoteForm lead={lead} onSave={actions.onNote} run={run} withOwner={actions.noteOwner ?? true} />}
      <label className="block">
        Feedback reason
        <input className={inputClass} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} onClick={() => void run(actions.onFeedback(lead.id, 'good', reason))}>
          Good lead
        </button>
        <button type="button" className={secondaryButton} onClick={() => void run(actions.onFeedback(lead.id, 'noise', reason))}>
          Noise
        </button>
      </div>
      {error && (
        <p role="alert" className="text-rose-200">
          {error}
        </p>
      )}
    </div>
  );
}

function NoteForm({
  lead,
  onSave,
  run,
  withOwner,
}: {
  lead: ClientLead;
  onSave: NonNullable<LeadActions['onNote']>;
  run: (p: Promise<unknown>) => Promise<void>;
  withOwner: boolean;
}) {
  const [note, setNote] = useState(lead.note ?? '');
  const [owner, setOwner] = useState(lead.owner ?? '');
  return (
    <div className="space-y-2">
      {withOwner && (
        <label className="block">
          Owner
          <input
            className={inputClass}
            value={owner}
            maxLength={254}
            placeholder="Who works this lead"
            onChange={(e) => setOwner(e.target.value)}
          />
        </label>
      )}
      <label className="block">
        Note
        <textarea className={inputClass} rows={2} value={note} maxLength={5000} onChange={(e) => setNote(e.target.value)} />
      </label>
      <button type="button" className={secondaryButton} onClick={() => void run(onSave(lead.id, note, owner))}>
        Save note
      </button>
    </div>
  );
}
