import { Tabs } from '@/components/ui/tabs';
import { AgentsPanel } from './agents-panel';
import { LeadsPanel } from './leads-panel';
import { SectionHeading } from './section-heading';
import { sectionClass } from './styles';

const tabs = [
  { id: 'leads', label: 'Leads', panel: <LeadsPanel /> },
  { id: 'agents', label: 'Agents', panel: <AgentsPanel /> },
];

/** A preview of the dashboard: sample leads and the intent agents that find them. */
export function DashboardPreview() {
  return (
    <section aria-labelledby="preview-title" className={sectionClass}>
      <SectionHeading
        id="preview-title"
        eyebrow="Dashboard preview"
        title="Every lead arrives with the reason to call"
        intro="Verified contacts, the signal that surfaced them and an intent score, ready for your reps the moment they log in."
      />
      <div className="overflow-hidden rounded-2xl border border-ink-600 bg-ink-800/80 shadow-2xl shadow-black/30">
        <Tabs label="Dashboard views" items={tabs} aside={<span className="py-3 text-xs text-slate-400">Sample data</span>} />
      </div>
    </section>
  );
}
