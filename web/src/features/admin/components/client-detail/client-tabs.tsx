import type { ReactNode } from 'react';
import { Tabs } from '@/components/ui/tabs';
import { useAddressParam } from '../../lib/address';

/** The client page's tabs, in order; the first is shown when the address names none (or one unknown). */
export const clientTabs = ['overview', 'review', 'inbox', 'accounts', 'agents', 'delivery', 'report', 'settings'] as const;
export type ClientTab = (typeof clientTabs)[number];

const labels: Record<ClientTab, string> = {
  overview: 'Overview',
  review: 'Review queue',
  inbox: 'Inbox',
  accounts: 'Accounts',
  agents: 'Agents',
  delivery: 'Delivery',
  report: 'Report',
  settings: 'Settings',
};

/** The tab the address names (?tab=), or the overview. */
export function useClientTab(): [ClientTab, (tab: ClientTab) => void] {
  const [tab, setTab] = useAddressParam('tab');
  const shown = clientTabs.find((t) => t === tab) ?? 'overview';
  return [shown, (t) => setTab(t === 'overview' ? null : t)];
}

/**
 * One client's page as tabs, each with its own address (?tab=<id> beside ?client=<id>):
 * choosing a tab pushes a history entry, so back and forward move between tabs and a
 * reload shows the same tab.
 */
export function ClientTabs({ panels }: { panels: Record<ClientTab, ReactNode> }) {
  const [tab, setTab] = useClientTab();
  return (
    <Tabs
      label="Client"
      wrap
      selected={tab}
      onSelect={(id) => setTab(id as ClientTab)}
      items={clientTabs.map((id) => ({ id, label: labels[id], panel: <div className="space-y-8 pt-6">{panels[id]}</div> }))}
    />
  );
}
