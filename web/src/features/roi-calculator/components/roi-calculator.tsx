import { useState } from 'react';
import { calculateRoi, defaultInputs, parseInput, type RoiInputs, type RoiResults } from '../lib/roi';
import { RoiForm, type RoiDraft } from './roi-form';
import { RoiResultsPanel } from './roi-results';

const initialDraft = Object.fromEntries(Object.entries(defaultInputs).map(([k, v]) => [k, String(v)])) as RoiDraft;

function parseDraft(d: RoiDraft): RoiInputs {
  return {
    salesTeamSize: parseInput(d.salesTeamSize),
    avgDealSize: parseInput(d.avgDealSize),
    currentConversionRate: parseInput(d.currentConversionRate),
    monthlyLeads: parseInput(d.monthlyLeads),
    costPerLead: parseInput(d.costPerLead),
  };
}

interface Calculated {
  inputs: RoiInputs;
  results: RoiResults;
}

/**
 * The calculator: results stay hidden until Calculate ROI and are hidden
 * again as soon as any input changes (docs/product.md §10.1), so what is shown always
 * matches the numbers in the form.
 */
export function RoiCalculator() {
  const [draft, setDraft] = useState<RoiDraft>(initialDraft);
  const [calculated, setCalculated] = useState<Calculated | null>(null);

  function change(key: keyof RoiInputs, value: string) {
    setDraft((d) => ({ ...d, [key]: value }));
    setCalculated(null);
  }
  function calculate() {
    const inputs = parseDraft(draft);
    setCalculated({ inputs, results: calculateRoi(inputs) });
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="rounded-2xl border border-ink-700 bg-ink-800/60 p-6">
        <RoiForm draft={draft} onChange={change} onCalculate={calculate} />
      </div>
      <div aria-live="polite">
        {calculated ? (
          <RoiResultsPanel {...calculated} />
        ) : (
          <p className="rounded-2xl border border-dashed border-ink-600 p-8 text-center text-slate-400">
            Enter your numbers and press Calculate ROI to see your projected return.
          </p>
        )}
      </div>
    </div>
  );
}
