import type { OnboardingField as FieldDef } from '@/lib/onboarding-fields';

interface OnboardingFieldProps {
  field: FieldDef;
  value: string | string[];
  error?: string;
  onChange: (name: string, value: string | string[]) => void;
}

const controlClass =
  'mt-1.5 block w-full scroll-mt-28 rounded-lg border bg-ink-900 px-3 py-2.5 text-base text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40 sm:text-sm';

export const fieldId = (name: string) => `onboarding-${name}`;

function Marker({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <span aria-hidden="true" className="ml-0.5 text-brand-300">
      *
    </span>
  );
}

function describedBy(field: FieldDef, error?: string) {
  const ids = [field.hint ? `${fieldId(field.name)}-hint` : '', error ? `${fieldId(field.name)}-error` : ''];
  return ids.filter(Boolean).join(' ') || undefined;
}

function Notes({ field, error }: { field: FieldDef; error?: string }) {
  return (
    <>
      {field.hint && (
        <p id={`${fieldId(field.name)}-hint`} className="mt-1 text-xs text-slate-400">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId(field.name)}-error`} className="mt-1 text-sm text-rose-300">
          {error}
        </p>
      )}
    </>
  );
}

/** A group of radio buttons or checkboxes, named by a legend. */
function ChoiceGroup({ field, value, error, onChange }: OnboardingFieldProps) {
  const multiple = field.kind === 'checkboxes';
  const ticked = Array.isArray(value) ? value : [];
  const toggle = (v: string, on: boolean) =>
    onChange(field.name, on ? [...ticked.filter((x) => x !== v), v] : ticked.filter((x) => x !== v));

  return (
    <fieldset aria-describedby={describedBy(field, error)} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-200">
        {field.label}
        <Marker show={Boolean(field.required || field.markedRequired || field.everyRequired)} />
        {field.everyRequired && <span className="ml-2 text-xs font-normal text-slate-400">(all required)</span>}
      </legend>
      <div className={`mt-2 grid gap-2 ${field.everyRequired ? '' : 'sm:grid-cols-2'}`}>
        {field.options?.map((option) => {
          const id = `${fieldId(field.name)}-${option.value.replace(/[^a-z0-9]+/gi, '-')}`;
          const checked = multiple ? ticked.includes(option.value) : value === option.value;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors ${
                checked ? 'border-brand-400/70 bg-brand-400/10 text-white' : 'border-ink-600 text-slate-300 hover:border-slate-500'
              }`}
            >
              <input
                id={id}
                type={multiple ? 'checkbox' : 'radio'}
                name={field.name}
                value={option.value}
                checked={checked}
                required={field.everyRequired}
                onChange={(e) => (multiple ? toggle(option.value, e.target.checked) : onChange(field.name, option.value))}
                className="mt-0.5 h-4 w-4 shrink-0 scroll-mt-28 accent-brand-400"
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
      <Notes field={field} error={error} />
    </fieldset>
  );
}

/** One question of the onboarding form, with its label, hint and server error. */
export function OnboardingField(props: OnboardingFieldProps) {
  const { field, value, error, onChange } = props;
  if (field.kind === 'checkboxes' || field.kind === 'radio') return <ChoiceGroup {...props} />;

  const id = fieldId(field.name);
  const text = typeof value === 'string' ? value : '';
  const common = {
    id,
    name: field.name,
    required: field.required,
    value: text,
    placeholder: field.placeholder,
    autoComplete: field.autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(field, error),
    className: `${controlClass} ${error ? 'border-rose-400' : 'border-ink-600'}`,
  } as const;
  const change = (e: { target: { value: string } }) => onChange(field.name, e.target.value);

  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {field.label}
        <Marker show={Boolean(field.required)} />
      </label>
      {field.kind === 'textarea' ? (
        <textarea {...common} rows={3} maxLength={5000} onChange={change} />
      ) : field.kind === 'select' ? (
        <select {...common} onChange={change} className={`${common.className} ${text ? '' : 'text-slate-400'}`}>
          <option value="">{field.placeholder ?? 'Select'}</option>
          {field.options?.map((o) => (
            <option key={o.value} value={o.value} className="text-white">
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.kind}
          maxLength={field.kind === 'number' ? undefined : 5000}
          min={field.kind === 'number' ? 0 : undefined}
          step={field.kind === 'number' ? 1 : undefined}
          inputMode={field.kind === 'number' ? 'numeric' : undefined}
          onChange={change}
        />
      )}
      <Notes field={field} error={error} />
    </div>
  );
}
