import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { secondaryButton } from '@/components/ui/form-styles';
import { LeadInbox } from '@/components/clients/lead-inbox';
import { Tabs } from '@/components/ui/tabs';
import { getPortalLead } from '../api/get-portal-lead';
import { fetchPortalLeads } from '../api/list-portal-leads';
import { portalKeys } from '../api/query-keys';
import { usePortalLeadActions } from '../api/portal-lead-actions';
import { usePortalLogout } from '../api/portal-logout';
import { usePortalMe, type PortalMe } from '../api/get-portal-me';
import { PortalAccounts } from '../components/portal-accounts';
import { PortalAgents } from '../components/portal-agents';
import { PortalDelivery } from '../components/portal-delivery';
import { PortalTokens } from '../components/portal-tokens';
import { PortalShell } from '../components/portal-shell';
import { portalLoginPath } from '../lib/lead-link';

function Workspace({ me }: { me: PortalMe }) {
  // An email's link to one lead (/portal?lead=<id>, delivery.PortalLeadPath): shown first in the inbox.
  const [params] = useSearchParams();
  const leadId = params.get('lead')?.trim() ?? '';
  const actions = usePortalLeadActions();
  const logout = usePortalLogout();
  const items = [
    {
      id: 'inbox',
      label: 'Inbox',
      panel: (
        <div className="pt-6">
          <h1 className="break-words text-2xl font-bold text-white">{me.client.name}: leads</h1>
          <p className="mb-6 mt-1 text-sm text-slate-400">
            The prospects your agents found, best first. Tell us which are good and which are noise.
          </p>
          <LeadInbox
            queryKey={portalKeys.leads()}
            fetchPage={fetchPortalLeads}
            actions={actions}
            focus={leadId ? { id: leadId, fetchLead: getPortalLead } : undefined}
          />
        </div>
      ),
    },
    {
      id: 'accounts',
      label: 'Accounts',
      panel: (
        <div className="pt-6">
          <PortalAccounts />
        </div>
      ),
    },
    {
      id: 'agents',
      label: 'Agents',
      panel: (
        <div className="pt-6">
          <PortalAgents />
        </div>
      ),
    },
    {
      id: 'delivery',
      label: 'Delivery',
      panel: (
        <div className="pt-6">
          <PortalDelivery />
        </div>
      ),
    },
    {
      id: 'tokens',
      label: 'API tokens',
      panel: (
        <div className="pt-6">
          <PortalTokens />
        </div>
      ),
    },
  ];
  return (
    <PortalShell
      title={paths.portal.title}
      brand={me.brand}
      aside={
        <>
          <span className="hidden truncate text-sm text-slate-400 sm:inline">{me.user.email}</span>
          <button type="button" className={secondaryButton} onClick={() => logout.mutate()} disabled={logout.isPending}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Sign out
          </button>
        </>
      }
    >
      {me.client.status === 'paused' && (
        <p role="status" className="mb-6 rounded-lg border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-sm text-amber-100">
          This workspace is paused: you can read it, but feedback and changes are off until it is active again.
        </p>
      )}
      <Tabs label="Your workspace" items={items} wrap />
    </PortalShell>
  );
}

function Portal() {
  const me = usePortalMe();
  const navigate = useNavigate();
  const location = useLocation();
  const login = portalLoginPath(location);
  const signedOut = me.isSuccess && me.data === null;
  useEffect(() => {
    // The query (an email's ?lead=<id>) comes back after signing in.
    if (signedOut) void navigate(login, { replace: true });
  }, [signedOut, navigate, login]);
  if (me.isError) {
    return (
      <PortalShell title={paths.portal.title}>
        <p role="alert" className="text-rose-200">
          Could not reach the server: {me.error.message}
        </p>
      </PortalShell>
    );
  }
  if (!me.data) {
    return (
      <PortalShell title={paths.portal.title}>
        <p className="text-center text-slate-400">Checking your session…</p>
      </PortalShell>
    );
  }
  return <Workspace me={me.data} />;
}

/** /portal: the client's own workspace: leads inbox, agents, delivery, API tokens. */
export default function PortalPage() {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <Portal />
    </QueryClientProvider>
  );
}
