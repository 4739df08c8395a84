import { formatValue } from '../../lib/format';

/** The ICP's fields as people read them (docs/api.md "Live lead search"). */
const ICP_LABELS: Record<string, string> = {
  targetTitles: 'Target titles',
  companySize: 'Company size',
  industries: 'Industries',
  exclusions: 'Exclusions',
  painPoints: 'Pain points',
  techStack: 'Tech stack',
  knowledgeBase: 'Knowledge base',
  useAIQueries: 'AI-written queries',
};

/** A field's label: the known one, else its camelCase name spelled out. */
export function icpLabel(key: string): string {
  if (ICP_LABELS[key]) return ICP_LABELS[key];
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An ICP, read-only: one row per field that has a value (a switch only when on). */
export function IcpView({ icp }: { icp: Record<string, unknown> | null | undefined }) {
  const entries = Object.entries(icp ?? {}).filter(([, v]) => v !== false && formatValue(v) !== '—');
  if (entries.length === 0) return <p className="text-sm text-slate-400">No ICP yet.</p>;
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
      {entries.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold text-slate-300">{icpLabel(k)}</dt>
          <dd className="break-words text-slate-400">{v === true ? 'on' : formatValue(v)}</dd>
        </div>
      ))}
    </dl>
  );
}
