import { useUpdateClient } from '../../api/update-client';
import type { Client } from '../../api/client-schema';
import { inputClass } from '@/components/ui/form-styles';

/** What each status means for the client (docs/clients.md §1.2). */
const STATUS_HELP: Record<string, string> = {
  onboarding: 'Agents run only by hand; the portal works in full.',
  active: 'Agents run on their schedule; the portal works in full.',
  paused: 'Agents run only by hand, deliveries are held and the portal is read-only.',
  churned: 'Its people cannot sign in (sessions revoked), API tokens are refused and pending deliveries cancelled.',
};

/** The client's status, changeable in place. */
export function StatusControl({ client }: { client: Client }) {
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
