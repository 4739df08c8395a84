import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, LogOut } from 'lucide-react';
import { paths } from '@/config/paths';
import { BrandName } from '@/components/layout/brand-mark';
import { submissionsCsvUrl } from '../api/export-submissions';
import { useLogout } from '@/lib/admin/logout';
import type { SubmissionKind } from '../api/submission-schema';
import type { AdminSession } from '@/lib/admin/get-session';
import { secondaryButton } from '@/components/ui/form-styles';
import { KindTabs } from './kind-tabs';
import { SubmissionDetail } from './submission-detail';
import { SubmissionsList } from './submissions-list';
import { SourceHealthPanel } from './source-health-panel';
import { ClientsPanel } from './clients-panel';
import { NoticesBell } from './notices-bell';
import { CountBadge } from './count-badge';
import { NewsletterPanel } from './newsletter-panel';
import { SearchesPanel } from './searches-panel';
import { AdminTokensPanel } from './admin-tokens-panel';
import { AgencyBrandPanel } from './brand-form';
import { useBadges, type Badges } from '../api/get-badges';
import { useMarkSeen } from '../api/mark-badges-seen';
import { submissionsQueryOptions } from '../api/get-submissions';
import { pageSize } from './submissions-list';
import { setAddressParams, useAddressParam } from '../lib/address';

type View = 'submissions' | 'clients' | 'searches' | 'newsletter' | 'tokens' | 'brand';
const views: readonly [View, string][] = [
  ['submissions', 'Submissions'],
  ['clients', 'Clients'],
  ['searches', 'Searches'],
  ['newsletter', 'Newsletter'],
  ['tokens', 'Admin tokens'],
  ['brand', 'Brand'],
];

/**
 * Marks the shown kind's submissions seen (up to the newest on its first
 * page) once the list has loaded, so its badge goes away on every device.
 */
function useMarkShownSeen(kind: SubmissionKind, active: boolean, badges: Badges | undefined) {
  const first = useQuery({ ...submissionsQueryOptions(kind, 1, pageSize), enabled: active });
  const { mutate } = useMarkSeen();
  // Not the previous kind's page kept on screen while this one loads.
  const newest = first.isPlaceholderData ? undefined : first.data?.items[0]?.id;
  const unseen = badges?.[kind] ?? 0;
  useEffect(() => {
    if (active && newest && unseen > 0) mutate({ kind, upTo: newest });
  }, [active, newest, unseen, kind, mutate]);
}

const linkClass = 'rounded-md px-2 py-1.5 text-sm font-medium text-slate-300 hover:text-white';

const sectionButton = (on: boolean) =>
  `rounded-lg px-3 py-1.5 text-sm font-semibold ${on ? 'bg-brand-400 text-ink-950' : 'border border-ink-600 text-slate-200'}`;

/** The signed-in console: submissions by kind, one submission's detail, export, sign-out and the sources' health. */
export function AdminConsole({ session }: { session: AdminSession }) {
  const [kind, setKind] = useState<SubmissionKind>('booking');
  const [pages, setPages] = useState<Record<SubmissionKind, number>>({ booking: 1, onboarding: 1 });
  const [openId, setOpenId] = useState<string | null>(null);
  // A client in the address (/admin?client=<id>, where the demo's Activate Agent links, or a
  // client page reloaded or reached by back/forward) shows the clients section.
  const [openClient] = useAddressParam('client');
  const [chosen, setView] = useState<View>('submissions');
  const view = openClient ? 'clients' : chosen;
  useEffect(() => {
    if (openClient) setView('clients'); // "All clients" then stays in the section
  }, [openClient]);
  const logout = useLogout();
  const badges = useBadges();
  useMarkShownSeen(kind, view === 'submissions' && openId === null, badges.data);
  const unseen = (badges.data?.booking ?? 0) + (badges.data?.onboarding ?? 0);

  return (
    <div className="min-h-screen">
      <header className="border-b border-ink-700 bg-ink-900/90">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <a href={paths.home.path} aria-label="Signalpipe home" className="rounded-md">
            <BrandName />
          </a>
          <span className="rounded-full bg-ink-700 px-2 py-0.5 text-xs font-semibold text-slate-300">Admin</span>
          <nav aria-label="Admin" className="flex flex-wrap items-center gap-1 sm:ml-4">
            <a href={paths.blogAdmin.path} className={linkClass}>
              Blog admin
            </a>
            <a href={paths.analytics.path} className={linkClass}>
              Analytics
            </a>
            <a href={paths.formSubmissionsAdmin.path} className={linkClass}>
              Local form copies
            </a>
          </nav>
          <div className="ml-auto flex items-center gap-3">
            <NoticesBell />
            <span className="hidden truncate text-sm text-slate-400 sm:inline" title={session.email}>
              {session.email}
            </span>
            <button type="button" onClick={() => logout.mutate()} disabled={logout.isPending} className={secondaryButton}>
              <LogOut aria-hidden="true" className="h-4 w-4" />
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Console section">
          {views.map(([v, label]) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => {
                setView(v);
                setAddressParams({ client: null, tab: null });
              }}
              className={sectionButton(view === v)}
            >
              {label}
              {v === 'submissions' && <CountBadge n={unseen} />}
            </button>
          ))}
        </div>
        {view === 'clients' ? (
          <>
            <h1 className="mt-6 text-2xl font-bold text-white">Clients</h1>
            <p className="mt-1 text-sm text-slate-400">Client workspaces: their ICP, always-on agents, leads inbox and portal invites.</p>
            <div className="mt-6 rounded-2xl border border-ink-700 bg-ink-800/60">
              <ClientsPanel />
            </div>
          </>
        ) : view === 'searches' ? (
          <>
            <h1 className="mt-6 text-2xl font-bold text-white">Searches</h1>
            <p className="mt-1 text-sm text-slate-400">
              Every live search run while signed in, kept whole: reopen one to see all its leads, or file it under a client.
            </p>
            <div className="mt-6 rounded-2xl border border-ink-700 bg-ink-800/60">
              <SearchesPanel />
            </div>
          </>
        ) : view === 'tokens' ? (
          <>
            <h1 className="mt-6 text-2xl font-bold text-white">Admin tokens</h1>
            <p className="mt-1 text-sm text-slate-400">Keys for assistants that work across every client through the MCP server.</p>
            <div className="mt-6 rounded-2xl border border-ink-700 bg-ink-800/60">
              <AdminTokensPanel />
            </div>
          </>
        ) : view === 'brand' ? (
          <>
            <h1 className="mt-6 text-2xl font-bold text-white">Brand</h1>
            <p className="mt-1 text-sm text-slate-400">
              Your agency’s name on everything your clients see; a client can override it in its settings.
            </p>
            <div className="mt-6 rounded-2xl border border-ink-700 bg-ink-800/60">
              <AgencyBrandPanel />
            </div>
          </>
        ) : view === 'newsletter' ? (
          <>
            <h1 className="mt-6 text-2xl font-bold text-white">Newsletter</h1>
            <p className="mt-1 text-sm text-slate-400">Addresses that subscribed on the blog, newest first.</p>
            <div className="mt-6 rounded-2xl border border-ink-700 bg-ink-800/60">
              <NewsletterPanel />
            </div>
          </>
        ) : (
          <>
            <h1 className="mt-6 text-2xl font-bold text-white">Submissions</h1>
            <p className="mt-1 text-sm text-slate-400">
              Everything visitors sent through the booking dialog and the onboarding form, newest first, with its forwarding state.
            </p>
            <div className="mt-6 overflow-hidden rounded-2xl border border-ink-700 bg-ink-800/60">
              <KindTabs
                kind={kind}
                counts={badges.data}
                onChange={(k) => {
                  setKind(k);
                  setOpenId(null);
                }}
                aside={
                  <a href={submissionsCsvUrl(kind)} download className={`${secondaryButton} my-2`}>
                    <Download aria-hidden="true" className="h-4 w-4" />
                    Export CSV
                  </a>
                }
              >
                {openId ? (
                  <SubmissionDetail id={openId} onBack={() => setOpenId(null)} />
                ) : (
                  <SubmissionsList
                    kind={kind}
                    page={pages[kind]}
                    onPageChange={(page) => setPages((p) => ({ ...p, [kind]: page }))}
                    onOpen={setOpenId}
                  />
                )}
              </KindTabs>
            </div>
          </>
        )}
        <SourceHealthPanel />
      </main>
    </div>
  );
}
