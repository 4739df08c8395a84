import type { FormEvent } from 'react';
import { primaryButton } from '@/components/ui/styles';
import { roiFields } from '../lib/fields';
import type { RoiInputs } from '../lib/roi';

/** The form's raw text per input (kept as typed; parsed on calculate). */
export type RoiDraft = Record<keyof RoiInputs, string>;

interface RoiFormProps {
  draft: RoiDraft;
  onChange: (key: keyof RoiInputs, value: string) => void;
  onCalculate: () => void;
}

const inputClass =
  'w-full rounded-lg border border-ink-600 bg-ink-900 px-3 py-2.5 text-white placeholder-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40';

/** The five numeric inputs and the Calculate ROI button. */
export function RoiForm({ draft, onChange, onCalculate }: RoiFormProps) {
  function submit(e: FormEvent) {
    e.preventDefault();
    onCalculate();
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Your numbers">
      {roiFields.map((f) => (
        <div key={f.key}>
          <label htmlFor={`roi-${f.key}`} className="block text-sm font-medium text-white">
            {f.label}
            {f.suffix && <span className="text-slate-400"> ({f.suffix})</span>}
          </label>
          <p id={`roi-${f.key}-hint`} className="text-xs text-slate-400">
            {f.hint}
          </p>
          <div className="mt-2 flex items-center gap-2">
            {f.prefix && (
              <span className="text-slate-400" aria-hidden="true">
                {f.prefix}
              </span>
            )}
            <input
              id={`roi-${f.key}`}
              name={f.key}
              type="number"
              inputMode="decimal"
              min="0"
              step={f.step}
              value={draft[f.key]}
              aria-describedby={`roi-${f.key}-hint`}
              onChange={(e) => onChange(f.key, e.target.value)}
              className={inputClass}
            />
          </div>
        </div>
      ))}
      <button type="submit" className={`${primaryButton} w-full`}>
        Calculate ROI
      </button>
    </form>
  );
}
