import { BarChart3, CreditCard, LayoutDashboard, Mail, Radar, type LucideIcon } from 'lucide-react';
import type { DemoView } from '../types';

const items: { view: DemoView; label: string; icon: LucideIcon }[] = [
  { view: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { view: 'discovery', label: 'Intent Agents', icon: Radar },
  { view: 'leads', label: 'Premium Leads', icon: BarChart3 },
  { view: 'campaigns', label: 'Signal Campaigns', icon: Mail },
  { view: 'pricing', label: 'Pricing', icon: CreditCard },
];

/** The five view buttons (docs/product.md §4.2); the current one is marked with aria-current. */
export function Sidebar({ view, onChange }: { view: DemoView; onChange: (v: DemoView) => void }) {
  return (
    <nav aria-label="Demo" className="border-b border-ink-700 bg-ink-900 md:w-56 md:shrink-0 md:border-b-0 md:border-r">
      <ul className="flex gap-1 overflow-x-auto p-2 md:flex-col md:p-3">
        {items.map(({ view: v, label, icon: Icon }) => (
          <li key={v} className="shrink-0">
            <button
              type="button"
              aria-current={view === v ? 'page' : undefined}
              onClick={() => onChange(v)}
              className={`flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-300 ${
                view === v ? 'bg-brand-400/15 text-brand-200' : 'text-slate-300 hover:bg-ink-800 hover:text-white'
              }`}
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              {label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
