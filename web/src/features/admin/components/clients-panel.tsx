import { useState, type FormEvent } from 'react';
import { useClients } from '../api/list-clients';
import { useCreateClient } from '../api/create-client';
import { useSubmissions } from '../api/get-submissions';
import { formatDateTime } from '../lib/format';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import { ClientDetail } from './client-detail/client-detail';
import { setAddressParams, useAddressParam } from '../lib/address';

/** Clients: the list, "Create client" from an onboarding submission or blank, and one client's page. */
export function ClientsPanel() {
  // The open client is in the address (?client=<id>, its tab ?tab=): back, forward and reload keep it.
  const [openId] = useAddressParam('client');
  const open = (id: string | null) => setAddressParams({ client: id, tab: null });
  // What the creation answer said could not be set up from onboarding (docs/clients.md §1.1).
  const [notes, setNotes] = useState<string[]>([]);
  if (openId) return <ClientDetail id={openId} notes={notes} onBack={() => (open(null), setNotes([]))} />;
  return (
    <div className="space-y-6 p-4">
      <CreateClient
        onCreated={(id, n) => {
          setNotes(n);
          open(id);
        }}
      />
      <ClientsList onOpen={open} />
    </div>
  );
}

const runTone: Record<string, string> = {
  complete: 'text-emerald-300',
  partial: 'text-amber-300',
  failed: 'text-rose-300',
  running: 'text-sky-300',
};

/** The label of a figure: shown on phones (cards), where there is no header row. */
const cardLabel = 'text-xs text-slate-400 sm:sr-only';

/**
 * The owner's console list: one row per client with its leads this month,
 * last run, failing sources and failed deliveries. A grid, not a table, so
 * that on phones each client is a card (no sideways scroll) and from sm up
 * a row under one header.
 */
function ClientsList({ onOpen }: { onOpen: (id: string) => void }) {
  const query = useClients();
  if (query.isPending) return <p className="text-slate-400">Loading clients…</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-rose-200">
        Could not load clients: {query.error.message}
      </p>
    );
  if (query.data.clients.length === 0) return <p className="text-slate-400">No clients yet.</p>;
  const cols = 'sm:grid sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,2fr)_minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-center sm:gap-3';
  return (
    <div>
      <h2 className="sr-only">Clients, newest first</h2>
      <div aria-hidden="true" className={`hidden border-b border-ink-700 py-2 text-xs uppercase tracking-wide text-slate-400 ${cols}`}>
        <span>Name</span>
        <span>Leads this month</span>
        <span>Last run</span>
        <span>Failing sources</span>
        <span>Failed deliveries</span>
        <span className="w-16" />
      </div>
      <ul aria-label="Clients" className="space-y-3 sm:space-y-0">
        {query.data.clients.map((c) => (
          <li
            key={c.id}
            className={`grid grid-cols-2 gap-2 rounded-xl border border-ink-700 p-3 text-sm sm:rounded-none sm:border-0 sm:border-b sm:px-0 sm:py-2 ${cols}`}
          >
            <div className="col-span-2 min-w-0 sm:col-span-1">
              <p className="break-words font-medium text-white">{c.name}</p>
              <p className="text-xs text-slate-400">{c.status}</p>
            </div>
            <div>
              <span className={cardLabel}>Leads this month </span>
              <span className="block text-white">{c.leadsThisMonth}</span>
            </div>
            <div>
              <span className={cardLabel}>Last run </span>
              {c.lastRun ? (
                <span className="block">
                  <span className={runTone[c.lastRun.status] ?? 'text-slate-300'}>{c.lastRun.status}</span>{' '}
                  <span className="text-xs text-slate-400">{formatDateTime(c.lastRun.at)}</span>
                </span>
              ) : (
                <span className="block text-slate-400">never</span>
              )}
            </div>
            <div className="min-w-0">
              <span className={cardLabel}>Failing sources </span>
              <span className={`block break-words ${c.failingSources.length ? 'text-amber-300' : 'text-slate-400'}`}>
                {c.failingSources.length ? c.failingSources.join(', ') : 'none'}
              </span>
            </div>
            <div>
              <span className={cardLabel}>Failed deliveries </span>
              <span className={`block ${c.failedDeliveries ? 'text-rose-300' : 'text-slate-400'}`}>{c.failedDeliveries}</span>
            </div>
            <div className="col-span-2 sm:col-span-1">
              <button type="button" className={secondaryButton} onClick={() => onOpen(c.id)} aria-label={`Open ${c.name}`}>
                Open
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Create client": pick an onboarding submission, or give a name for a blank one. */
function CreateClient({ onCreated }: { onCreated: (id: string, notes: string[]) => void }) {
  const subs = useSubmissions('onboarding', 1, 100);
  const create = useCreateClient();
  const [submission, setSubmission] = useState('');
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(submission ? { fromSubmission: submission } : { name }, { onSuccess: (c) => onCreated(c.id, c.notes ?? []) });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" aria-label="Create client">
      <label className="text-sm text-slate-300">
        From onboarding submission
        <select className={inputClass} value={submission} onChange={(e) => setSubmission(e.target.value)}>
          <option value="">Blank client</option>
          {subs.data?.items.map((s) => (
            <option key={s.id} value={s.id}>
              {s.company ?? s.email ?? s.id} ({formatDateTime(s.createdAt)})
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm text-slate-300">
        Name (blank client)
        <input className={inputClass} value={name} disabled={submission !== ''} onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="submit" className={primaryButton} disabled={create.isPending || (!submission && !name.trim())}>
        Create client
      </button>
      {create.isError && (
        <p role="alert" className="text-sm text-rose-200 sm:col-span-3">
          {create.error.message}
        </p>
      )}
    </form>
  );
}
