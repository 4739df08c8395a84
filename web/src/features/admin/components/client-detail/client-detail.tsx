import { ArrowLeft, Download } from 'lucide-react';
import { clientLeadsCsvUrl, fetchClientLeads, useClient, useLeadActions } from '../../api/clients';
import { adminKeys } from '../../api/query-keys';
import { secondaryButton } from '@/components/ui/form-styles';
import { LeadInbox } from '@/components/clients/lead-inbox';
import { AgentsPanel } from '../agents-panel';
import { useAgents } from '../../api/agents';
import { ClientDeliveryPanel } from '../client-delivery-panel';
import { StatusControl } from './status-control';
import { PortalEditControl } from './portal-edit-control';
import { IcpSection } from './icp-section';
import { JobBoardsSection } from './job-boards-section';
import { Invite } from './invite';

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
