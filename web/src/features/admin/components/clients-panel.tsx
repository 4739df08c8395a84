import { useState, type FormEvent } from 'react';
import { useClients, useCreateClient } from '../api/clients';
import { useSubmissions } from '../api/get-submissions';
import { formatDateTime } from '../lib/format';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import { ClientDetail } from './client-detail';

/** Clients: the list, "Create client" from an onboarding submission or blank, and one client's page. */
export function ClientsPanel() {
  const [openId, setOpenId] = useState<string | null>(null);
  if (openId) return <ClientDetail id={openId} onBack={() => setOpenId(null)} />;
  return (
    <div className="space-y-6 p-4">
      <CreateClient onCreated={setOpenId} />
      <ClientsList onOpen={setOpenId} />
    </div>
  );
}

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
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">Clients, newest first</caption>
      <thead className="text-xs uppercase tracking-wide text-slate-400">
        <tr className="border-b border-ink-700">
          <th scope="col" className="py-2 pr-2">
            Name
          </th>
          <th scope="col" className="w-28 py-2 pr-2">
            Status
          </th>
          <th scope="col" className="hidden py-2 pr-2 sm:table-cell">
            Created
          </th>
          <th scope="col" className="w-20 py-2">
            <span className="sr-only">Open</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {query.data.clients.map((c) => (
          <tr key={c.id} className="border-b border-ink-700/60">
            <td className="break-words py-2 pr-2 text-white">{c.name}</td>
            <td className="py-2 pr-2 text-slate-300">{c.status}</td>
            <td className="hidden py-2 pr-2 text-slate-400 sm:table-cell">{formatDateTime(c.createdAt)}</td>
            <td className="py-2">
              <button type="button" className={secondaryButton} onClick={() => onOpen(c.id)} aria-label={`Open ${c.name}`}>
                Open
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "Create client": pick an onboarding submission, or give a name for a blank one. */
function CreateClient({ onCreated }: { onCreated: (id: string) => void }) {
  const subs = useSubmissions('onboarding', 1, 100);
  const create = useCreateClient();
  const [submission, setSubmission] = useState('');
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(submission ? { fromSubmission: submission } : { name }, { onSuccess: (c) => onCreated(c.id) });
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
