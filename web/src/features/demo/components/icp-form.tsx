import { useId, useState, type ReactNode } from 'react';
import { Loader2, Search } from 'lucide-react';
import { companySizeLabel, defaultIcp, icpOptions } from '../content/icp-options';
import type { IcpForm as IcpFormValues } from '../types';
import { card, field, label, primaryButton } from './styles';

type TextKey = { [K in keyof IcpFormValues]: IcpFormValues[K] extends string ? K : never }[keyof IcpFormValues];

const listFields: { key: TextKey; label: string; placeholder: string }[] = [
  { key: 'targetTitles', label: 'Target job titles', placeholder: 'VP of Sales, Head of Growth' },
  { key: 'techStack', label: 'Tech stack', placeholder: 'Salesforce, HubSpot' },
  { key: 'painPoints', label: 'Pain points', placeholder: 'Low reply rates, Stale data' },
  { key: 'competitors', label: 'Competitors', placeholder: 'ZoomInfo, Apollo' },
  { key: 'industries', label: 'Industries', placeholder: 'SaaS, Fintech' },
  { key: 'exclusions', label: 'Exclusions', placeholder: 'Agencies, Students' },
  { key: 'budgetIndicators', label: 'Budget indicators', placeholder: 'Recent funding, Hiring SDRs' },
];

const selects: { key: TextKey; label: string; options: readonly string[]; text?: (v: string) => string }[] = [
  { key: 'companySize', label: 'Company size', options: icpOptions.companySize, text: companySizeLabel },
  { key: 'revenueRange', label: 'Revenue range', options: icpOptions.revenueRange },
  { key: 'fundingStage', label: 'Funding stage', options: icpOptions.fundingStage },
  { key: 'signalThreshold', label: 'Signal threshold', options: icpOptions.signalThreshold },
];

function Field({ id, text, hint, children }: { id: string; text: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

export interface IcpFormProps {
  searching: boolean;
  progress: string;
  onSearch: (form: IcpFormValues) => void;
}

/** The Deep ICP Configuration form and Find Live Leads (docs/product.md §4.4). */
export function IcpForm({ searching, progress, onSearch }: IcpFormProps) {
  const id = useId();
  const [form, setForm] = useState(defaultIcp);
  const set = (key: TextKey, value: string) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <form
      aria-labelledby={`${id}-title`}
      className={`${card} space-y-5 p-4 sm:p-6`}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(form);
      }}
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
          Deep ICP Configuration
        </h2>
        <p className="mt-1 text-sm text-slate-300">Describe your ideal customer; lists are comma-separated.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {selects.map((s) => (
          <Field key={s.key} id={`${id}-${s.key}`} text={s.label}>
            <select id={`${id}-${s.key}`} value={form[s.key]} onChange={(e) => set(s.key, e.target.value)} className={field}>
              {s.options.map((o) => (
                <option key={o} value={o}>
                  {s.text ? s.text(o) : o}
                </option>
              ))}
            </select>
          </Field>
        ))}
        <Field id={`${id}-geographic`} text="Geographic focus">
          <input
            id={`${id}-geographic`}
            value={form.geographic}
            onChange={(e) => set('geographic', e.target.value)}
            placeholder="North America"
            className={field}
          />
        </Field>
        {listFields.map((f) => (
          <Field key={f.key} id={`${id}-${f.key}`} text={f.label}>
            <input
              id={`${id}-${f.key}`}
              value={form[f.key]}
              onChange={(e) => set(f.key, e.target.value)}
              placeholder={f.placeholder}
              className={field}
            />
          </Field>
        ))}
      </div>
      <Field id={`${id}-kb`} text="Knowledge base" hint="Anything the agent should know about your offer, customers or market.">
        <textarea
          id={`${id}-kb`}
          aria-describedby={`${id}-kb-hint`}
          rows={4}
          value={form.knowledgeBase}
          onChange={(e) => set('knowledgeBase', e.target.value)}
          className={`${field} py-2`}
        />
      </Field>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-200">
        <input
          type="checkbox"
          checked={form.useAIQueries}
          onChange={(e) => setForm((f) => ({ ...f, useAIQueries: e.target.checked }))}
          className="h-5 w-5 accent-brand-400"
        />
        Use AI-generated search queries
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={searching} className={primaryButton}>
          {searching ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : <Search aria-hidden="true" className="h-4 w-4" />}
          {searching ? progress || 'Searching...' : 'Find Live Leads'}
        </button>
        <p role="status" aria-live="polite" className="text-sm text-slate-300">
          {progress}
        </p>
      </div>
    </form>
  );
}
