import { useUpdateClient } from '../../api/update-client';
import type { Client } from '../../api/client-schema';

/** Whether the client's own people may edit their agents and delivery channels in the portal (settings.portalMayEdit). */
export function PortalEditControl({ client }: { client: Client }) {
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
