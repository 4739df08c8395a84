import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { secondaryButton } from '@/components/ui/form-styles';
import { LeadInbox } from '@/components/clients/lead-inbox';
import { fetchPortalLeads, portalKeys, usePortalLeadActions, usePortalLogout, usePortalMe, type PortalMe } from '../api/portal';
import { PortalFeed } from '../components/portal-feed';
import { PortalShell } from '../components/portal-shell';

function Inbox({ me }: { me: PortalMe }) {
  const actions = usePortalLeadActions();
  const logout = usePortalLogout();
  return (
    <PortalShell
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
      <h1 className="break-words text-2xl font-bold text-white">{me.client.name}: leads</h1>
      <p className="mb-6 mt-1 text-sm text-slate-400">
        The prospects your agents found, newest first. Tell us which are good and which are noise.
      </p>
      {me.client.status === 'paused' && (
        <p role="status" className="mb-6 rounded-lg border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-sm text-amber-100">
          This workspace is paused: you can read your leads, but feedback is off until it is active again.
        </p>
      )}
      <LeadInbox queryKey={portalKeys.leads()} fetchPage={fetchPortalLeads} actions={actions} />
      <PortalFeed />
    </PortalShell>
  );
}

function Portal() {
  const me = usePortalMe();
  const navigate = useNavigate();
  const signedOut = me.isSuccess && me.data === null;
  useEffect(() => {
    if (signedOut) void navigate(paths.portalLogin.path, { replace: true });
  }, [signedOut, navigate]);
  if (me.isError) {
    return (
      <PortalShell>
        <p role="alert" className="text-rose-200">
          Could not reach the server: {me.error.message}
        </p>
      </PortalShell>
    );
  }
  if (!me.data) {
    return (
      <PortalShell>
        <p className="text-center text-slate-400">Checking your session…</p>
      </PortalShell>
    );
  }
  return <Inbox me={me.data} />;
}

/** /portal: the client's own leads inbox. */
export default function PortalPage() {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <Portal />
    </QueryClientProvider>
  );
}
