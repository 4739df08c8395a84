import { useEffect, useState } from 'react';
import { LogOut } from 'lucide-react';
import { sampleLeads } from '../content/sample-leads';
import { sampleSignals } from '../content/signals';
import { useLeadSearch } from '../hooks/use-lead-search';
import { useStoredData } from '../hooks/use-stored-data';
import { chooseLeadSource } from '../lib/lead-source';
import type { DemoView, IcpForm } from '../types';
import { CampaignsView } from './campaigns-view';
import { DashboardView } from './dashboard-view';
import { DiscoveryView } from './discovery-view';
import { LeadsView } from './leads-view';
import { PricingView } from './pricing-view';
import { Sidebar } from './sidebar';

const isProspect = (s: string) => s === 'Ready to Buy' || s === 'Hot';

/** The signed-in demo: header, sidebar and the active view (docs/product.md §4.2). */
export function DemoShell({ pathname, onLogout }: { pathname: string; onLogout: () => void }) {
  const [view, setView] = useState<DemoView>('dashboard');
  const search = useLeadSearch();
  const stored = useStoredData();
  const source = chooseLeadSource({ search, stored: stored.leads, samples: sampleLeads });

  const signalCount = stored.signalCount || sampleSignals.length;
  const prospects = stored.leads && stored.leads.length > 0 ? stored.leads : sampleLeads;
  const prospectCount = prospects.filter((l) => isProspect(l.status)).length;

  // An admin's finished search shows up in their search list.
  const { admin, reloadJobs } = stored;
  useEffect(() => {
    if (admin && search.done) void reloadJobs();
  }, [admin, search.done, reloadJobs]);

  const find = (form: IcpForm) => {
    setView('leads');
    void search.search(form);
  };

  return (
    <div className="flex min-h-screen flex-col bg-ink-950 text-slate-200">
      <header className="flex items-center justify-between gap-3 border-b border-ink-700 bg-ink-900 px-4 py-3">
        <p className="text-lg font-bold text-white">
          Signal<span className="text-brand-400">pipe</span>
        </p>
        <div className="flex items-center gap-3">
          <p className="hidden text-sm text-slate-300 sm:block">Welcome back, Demo User</p>
          <button
            type="button"
            onClick={onLogout}
            className="inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-ink-600 px-3 text-sm text-slate-200 hover:bg-ink-800"
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Logout
          </button>
        </div>
      </header>
      <p className="px-4 pt-3 text-sm text-slate-300 sm:hidden">Welcome back, Demo User</p>
      <div className="flex flex-1 flex-col md:flex-row">
        <Sidebar view={view} onChange={setView} />
        <main className="min-w-0 flex-1 p-4 sm:p-6">
          {view === 'dashboard' && <DashboardView signalCount={signalCount} prospectCount={prospectCount} />}
          {view === 'discovery' && (
            <DiscoveryView
              searching={search.searching}
              progress={search.progress}
              onSearch={find}
              jobs={stored.admin ? stored.jobs : null}
            />
          )}
          {view === 'leads' && (
            <LeadsView
              source={source}
              searching={search.searching}
              progress={search.progress}
              newestPostAt={search.newestPostAt}
              readSummary={search.readSummary}
            />
          )}
          {view === 'campaigns' && <CampaignsView />}
          {view === 'pricing' && <PricingView pathname={pathname} />}
        </main>
      </div>
    </div>
  );
}
