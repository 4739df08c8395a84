import { ArrowLeft, Download } from 'lucide-react';
import { clientLeadsCsvUrl } from '../../api/export-client-leads';
import { fetchClientLeads } from '../../api/list-client-leads';
import { useClient } from '../../api/get-client';
import { useLeadActions } from '../../api/client-lead-actions';
import { adminKeys } from '../../api/query-keys';
import { secondaryButton } from '@/components/ui/form-styles';
import { LeadInbox } from '@/components/clients/lead-inbox';
import { AgentsPanel } from '../agents-panel';
import { useAgents } from '../../api/list-agents';
import { ClientDeliveryPanel } from '../client-delivery-panel';
import { DraftSettingsPanel } from '../draft-settings';
import { ClientBrandPanel } from '../brand-form';
import { UnplacedAnswers } from './unplaced-answers';
import { ReviewQueue } from '../review-queue';
import { ClientReport } from '../client-report';
import { ClientAccounts } from '../client-accounts';
import { StatusControl } from './status-control';
import { PortalEditControl } from './portal-edit-control';
import { IcpSection } from './icp-section';
import { JobBoardsSection } from './job-boards-section';
import { Invite } from './invite';
import { ClientTabs } from './client-tabs';

/** The client's topics from onboarding (settings.queries), which a template without queries of its own takes. */
function topics(settings: Record<string, unknown> | null | undefined): string[] {
  const q = settings?.queries;
  return Array.isArray(q) ? q.filter((x): x is string => typeof x === 'string') : [];
}

/** One client's page, in tabs (client-tabs.tsx): overview (ICP, job boards), review queue, inbox, agents, delivery, report, settings. */
export function ClientDetail({ id, notes = [], onBack }: { id: string; notes?: string[]; onBack: () => void }) {
  const query = useClient(id);
  const actions = useLeadActions(id);
  const agents = useAgents(id);
  return (
    <div className="space-y-6 p-4">
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
            {notes.length > 0 && (
              <ul role="status" aria-label="Set-up notes" className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-100">
                {notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            )}
          </div>
          <ClientTabs
            panels={{
              overview: (
                <>
                  <UnplacedAnswers client={query.data} />
                  <IcpSection client={query.data} />
                  <JobBoardsSection key={query.data.id} client={query.data} />
                </>
              ),
              review: <ReviewQueue client={query.data} />,
              inbox: (
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
              ),
              accounts: <ClientAccounts clientId={id} />,
              agents: <AgentsPanel clientId={id} clientIcp={query.data.icp} clientQueries={topics(query.data.settings)} />,
              delivery: <ClientDeliveryPanel client={query.data} />,
              report: <ClientReport client={query.data} />,
              settings: (
                <div>
                  <h3 className="text-lg font-semibold text-white">Status and portal</h3>
                  <StatusControl client={query.data} />
                  <PortalEditControl client={query.data} />
                  <div className="mt-8">
                    <DraftSettingsPanel key={`drafts-${query.data.id}`} client={query.data} />
                  </div>
                  <div className="mt-8">
                    <ClientBrandPanel key={`brand-${query.data.id}`} client={query.data} />
                  </div>
                  <div className="mt-8">
                    <Invite client={query.data} />
                  </div>
                </div>
              ),
            }}
          />
        </>
      )}
    </div>
  );
}
