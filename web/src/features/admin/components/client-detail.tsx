import { useState } from 'react';
import { ArrowLeft, Download, Pencil } from 'lucide-react';
import {
  clientLeadsCsvUrl,
  fetchClientLeads,
  useClient,
  useCreateInvite,
  useLeadActions,
  useUpdateClient,
  type Client,
} from '../api/clients';
import { adminKeys } from '../api/query-keys';
import { formatValue } from '../lib/format';
import { ApiError } from '@/lib/admin/api-client';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import { LeadInbox } from '@/components/clients/lead-inbox';
import { AgentsPanel } from './agents-panel';
import { useAgents } from '../api/agents';
import { ClientDeliveryPanel } from './client-delivery-panel';
import { IcpForm } from './icp-form';
import { IcpCategories } from './icp-categories';
import { ReviewQueue } from './review-queue';

/** One client's page: its ICP, agents, invite link and leads inbox. */
export function ClientDetail({ id, notes = [], onBack }: { id: string; notes?: string[]; onBack: () => void }) {
  const query = useClient(id);
  const actions = useLeadActions(id);
  const agents = useAgents(id);
  return (
    <div className="space-y-8 p-4">
      <button type="button" className={secondaryButton} onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        All clients
      </button>
      {query.isPending && <p className="text-slate-400">Loading the client…</p>}
      {query.isError && (
        <p role="alert" className="text-rose-200">
          Could not load the client: {query.error.message}
        </p>
      )}
      {query.data && (
        <>
          <div>
            <h2 className="break-words text-xl font-bold text-white">{query.data.name}</h2>
            <StatusControl client={query.data} />
            <PortalEditControl client={query.data} />
            {notes.length > 0 && (
              <ul role="status" aria-label="Set-up notes" className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-100">
                {notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            )}
          </div>
          <IcpSection client={query.data} />
          <JobBoardsSection key={query.data.id} client={query.data} />
          <Invite client={query.data} />
          <AgentsPanel clientId={id} clientIcp={query.data.icp} />
          <ClientDeliveryPanel client={query.data} />
          <ReviewQueue client={query.data} />
          <div>
            <h3 className="mb-3 text-lg font-semibold text-white">Leads inbox</h3>
            <LeadInbox
              queryKey={adminKeys.clientLeads(id)}
              fetchPage={(filters, cursor) => fetchClientLeads(id, filters, cursor)}
              actions={actions}
              agents={agents.data?.agents}
              aside={(filters) => (
                <a href={clientLeadsCsvUrl(id, filters)} download className={secondaryButton}>
                  <Download aria-hidden="true" className="h-4 w-4" />
                  Export CSV
                </a>
              )}
            />
          </div>
        </>
      )}
    </div>
  );
}

/** What each status means for the client (docs/clients.md §1.2). */
const STATUS_HELP: Record<string, string> = {
  onboarding: 'Agents run only by hand; the portal works in full.',
  active: 'Agents run on their schedule; the portal works in full.',
  paused: 'Agents run only by hand, deliveries are held and the portal is read-only.',
  churned: 'Its people cannot sign in (sessions revoked), API tokens are refused and pending deliveries cancelled.',
};

/** The client's status, changeable in place. */
function StatusControl({ client }: { client: Client }) {
  const update = useUpdateClient(client.id);
  return (
    <div className="mt-1 text-sm text-slate-400">
      <label htmlFor="client-status" className="mr-2">
        Status
      </label>
      <select
        id="client-status"
        className={`${inputClass} inline-block w-auto`}
        value={client.status}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ status: e.target.value })}
      >
        {Object.keys(STATUS_HELP).map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <p className="mt-1">{STATUS_HELP[client.status]}</p>
      {update.isError && (
        <p role="alert" className="text-rose-200">
          {update.error.message}
        </p>
      )}
    </div>
  );
}

/** Whether the client's own people may edit their agents and delivery channels in the portal (settings.portalMayEdit). */
function PortalEditControl({ client }: { client: Client }) {
  const update = useUpdateClient(client.id);
  const on = client.settings?.portalMayEdit === true;
  return (
    <div className="mt-2 text-sm text-slate-400">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={on}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ settings: { portalMayEdit: e.target.checked } })}
        />
        The client&apos;s people may edit their agents and delivery in the portal
      </label>
      {update.isError && (
        <p role="alert" className="text-rose-200">
          {update.error.message}
        </p>
      )}
    </div>
  );
}

/** The client's ICP: one row per field that has a value, and an Edit button that opens the form. */
function IcpSection({ client }: { client: Client }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateClient(client.id);
  return (
    <section aria-labelledby="icp-heading">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="icp-heading" className="text-lg font-semibold text-white">
          Ideal customer profile
        </h3>
        {!editing && (
          <button type="button" className={`${secondaryButton} ml-auto`} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit ICP
          </button>
        )}
      </div>
      {editing ? (
        <IcpForm
          idPrefix="client-icp"
          icp={client.icp}
          onSave={async (icp) => {
            await update.mutateAsync({ icp });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <IcpView icp={client.icp} />
      )}
      <IcpCategories client={client} />
    </section>
  );
}

/** The ICP's fields as people read them (docs/api.md "Live lead search"). */
const ICP_LABELS: Record<string, string> = {
  targetTitles: 'Target titles',
  companySize: 'Company size',
  industries: 'Industries',
  exclusions: 'Exclusions',
  painPoints: 'Pain points',
  techStack: 'Tech stack',
  knowledgeBase: 'Knowledge base',
  useAIQueries: 'AI-written queries',
};

/** A field's label: the known one, else its camelCase name spelled out. */
export function icpLabel(key: string): string {
  if (ICP_LABELS[key]) return ICP_LABELS[key];
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An ICP, read-only: one row per field that has a value (a switch only when on). */
export function IcpView({ icp }: { icp: Record<string, unknown> | null | undefined }) {
  const entries = Object.entries(icp ?? {}).filter(([, v]) => v !== false && formatValue(v) !== '—');
  if (entries.length === 0) return <p className="text-sm text-slate-400">No ICP yet.</p>;
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
      {entries.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold text-slate-300">{icpLabel(k)}</dt>
          <dd className="break-words text-slate-400">{v === true ? 'on' : formatValue(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Create invite": the link the client's person opens to set a password. */
function Invite({ client }: { client: Client }) {
  const invite = useCreateInvite(client.id);
  const contact = client.contact?.status === 'joined' ? null : client.contact;
  return (
    <section aria-labelledby="invite-heading">
      <h3 id="invite-heading" className="text-lg font-semibold text-white">
        Client portal
      </h3>
      <button type="button" className={`${primaryButton} mt-2`} disabled={invite.isPending} onClick={() => invite.mutate(contact?.email)}>
        Create invite link
      </button>
      <p className="mt-1 text-sm text-slate-400">
        {contact ? `For ${contact.name || contact.email} (${contact.email}), ${contact.status}.` : 'The invitee gives their own email.'}
      </p>
      {invite.isError && (
        <p role="alert" className="mt-2 text-sm text-rose-200">
          {invite.error.message}
        </p>
      )}
      {invite.data && (
        <div className="mt-2 text-sm text-slate-300">
          <label htmlFor="invite-url">Invite link (single use, valid until {new Date(invite.data.expiresAt).toLocaleDateString()})</label>
          <div className="mt-1 flex gap-2">
            <input
              id="invite-url"
              readOnly
              value={invite.data.url}
              className="min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-900 px-3 py-2 text-white"
            />
            <button type="button" className={secondaryButton} onClick={() => void navigator.clipboard?.writeText(invite.data.url)}>
              Copy
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * The job boards of the client's target accounts (settings.jobBoards, one per line as
 * kind:token or kind:token=Company): ingest reads them with JOB_BOARDS's, and their new openings
 * become hiring posts for the client's agents (docs/clients.md §1).
 */
export function JobBoardsSection({ client }: { client: Client }) {
  const update = useUpdateClient(client.id);
  const saved = Array.isArray(client.settings?.jobBoards) ? (client.settings.jobBoards as string[]) : [];
  const [text, setText] = useState(saved.join('\n'));
  const error =
    update.error instanceof ApiError ? (update.error.fields['settings.jobBoards'] ?? update.error.message) : update.error?.message;
  return (
    <section aria-labelledby="job-boards-heading">
      <h3 id="job-boards-heading" className="text-lg font-semibold text-white">
        Target accounts&apos; job boards
      </h3>
      <p className="mt-1 text-sm text-slate-400">
        One per line: greenhouse:stripe, lever:netflix=Netflix or ashby:linear. New openings become hiring signals for this client&apos;s
        agents.
      </p>
      <label htmlFor="client-job-boards" className="sr-only">
        Job boards
      </label>
      <textarea
        id="client-job-boards"
        rows={3}
        className={`${inputClass} mt-2 font-mono text-sm`}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'client-job-boards-error' : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p id="client-job-boards-error" role="alert" className="mt-1 text-sm text-rose-300">
          {error}
        </p>
      )}
      <button
        type="button"
        className={`${secondaryButton} mt-2`}
        disabled={update.isPending}
        onClick={() =>
          update.mutate(
            {
              settings: {
                jobBoards: text
                  .split('\n')
                  .map((l) => l.trim())
                  .filter(Boolean),
              },
            },
            { onSuccess: (c) => setText(((c.settings?.jobBoards as string[] | undefined) ?? []).join('\n')) },
          )
        }
      >
        Save job boards
      </button>
      {update.isSuccess && <p className="mt-1 text-sm text-brand-300">Saved.</p>}
    </section>
  );
}
