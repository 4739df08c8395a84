import { periods, type PeriodId } from '../lib/periods';

interface PeriodSelectorProps {
  value: PeriodId;
  onChange: (p: PeriodId) => void;
}

/** The four period buttons; the selected one is highlighted and pressed. */
export function PeriodSelector({ value, onChange }: PeriodSelectorProps) {
  return (
    <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
      {periods.map((p) => {
        const active = p.id === value;
        return (
          <button
            key={p.id}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(p.id)}
            className={`rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
              active ? 'bg-brand-400 text-ink-950' : 'border border-ink-600 bg-ink-800/60 text-slate-200 hover:bg-ink-700'
            }`}
          >
            {p.label}
          </button>
        );
      })}
    </div>
  );
}
