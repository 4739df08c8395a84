import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui/form-styles';
import { placeServerErrors } from '../lib/server-field-errors';
import { ICP_LIST_FIELDS, ICP_TEXT_FIELDS, icpFormSchema, MAX_ENTRIES, toFormValues, toIcp, type IcpFormValues } from '../lib/icp-form';

/**
 * Edits an ICP (a client's, or an agent's own): list fields one entry a
 * line, the select fields as text, the knowledge base. Saving sends the
 * whole ICP; the API's field errors ("icp.targetTitles") show under their
 * fields.
 */
export function IcpForm({
  idPrefix,
  icp,
  onSave,
  onCancel,
}: {
  /** Makes the fields' ids unique on the page. */
  idPrefix: string;
  icp: Record<string, unknown> | null | undefined;
  onSave: (icp: Record<string, unknown>) => Promise<unknown>;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<IcpFormValues>({ resolver: zodResolver(icpFormSchema), defaultValues: toFormValues(icp) });
  useEffect(() => reset(toFormValues(icp)), [icp, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(toIcp(values, icp));
    } catch (err) {
      placeServerErrors(err, setError, { prefixes: ['icp.', ''], fields: Object.keys(values), fallback: 'Could not save the ICP.' });
    }
  });

  const field = (name: keyof IcpFormValues) => `${idPrefix}-${name}`;
  const error = (name: keyof IcpFormValues) =>
    errors[name] && (
      <p id={`${field(name)}-error`} role="alert" className="mt-1 text-sm text-rose-200">
        {errors[name]?.message}
      </p>
    );
  const aria = (name: keyof IcpFormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${field(name)}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-2 space-y-4">
      <p className="text-sm text-slate-400">Lists take one entry a line (at most {MAX_ENTRIES}).</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {ICP_LIST_FIELDS.map(([name, label]) => (
          <div key={name}>
            <label htmlFor={field(name)} className="text-sm font-medium text-slate-200">
              {label}
            </label>
            <textarea id={field(name)} rows={4} className={inputClass} {...register(name)} {...aria(name)} />
            {error(name)}
          </div>
        ))}
        {ICP_TEXT_FIELDS.map(([name, label, hint]) => (
          <div key={name}>
            <label htmlFor={field(name)} className="text-sm font-medium text-slate-200">
              {label}
            </label>
            <input id={field(name)} placeholder={hint} className={inputClass} {...register(name)} {...aria(name)} />
            {error(name)}
          </div>
        ))}
      </div>
      <div>
        <label htmlFor={field('knowledgeBase')} className="text-sm font-medium text-slate-200">
          Knowledge base (the offer, benefits, differentiators)
        </label>
        <textarea id={field('knowledgeBase')} rows={5} className={inputClass} {...register('knowledgeBase')} {...aria('knowledgeBase')} />
        {error('knowledgeBase')}
      </div>
      {errors.root && (
        <p role="alert" className="text-sm text-rose-200">
          {errors.root.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          Save ICP
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
