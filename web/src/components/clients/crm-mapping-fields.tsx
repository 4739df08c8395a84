import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { inputClass } from '@/components/ui/form-styles';
import type { CrmKind } from '@/lib/clients/channel-schema';

type MappingPath = 'mapping.ownerId' | 'mapping.scoreProperty' | 'mapping.task' | 'mapping.label';

interface CrmMappingFieldsProps {
  kind: CrmKind;
  /** The form's register, for the mapping's fields. */
  register: (name: MappingPath) => UseFormRegisterReturn;
  /** The form's errors of the mapping's fields (the client's or the server's). */
  errors?: Partial<Record<'ownerId' | 'scoreProperty' | 'task' | 'label', FieldError>>;
  /** Prefix of the inputs' ids (unique on the page). */
  idPrefix: string;
}

/**
 * A CRM channel's field mapping (docs/clients.md "CRM channels"): HubSpot's owner, score property
 * and task; Pipedrive's owner and lead label. The add form and the edit form share it.
 */
export function CrmMappingFields({ kind, register, errors, idPrefix }: CrmMappingFieldsProps) {
  const text = (key: 'ownerId' | 'scoreProperty' | 'label', label: string, hint: string) => {
    const id = `${idPrefix}-${key}`;
    const err = errors?.[key];
    return (
      <div className="min-w-0 sm:min-w-48 sm:flex-1">
        <label htmlFor={id} className="text-sm text-slate-300">
          {label}
        </label>
        <input
          id={id}
          className={inputClass}
          placeholder={hint}
          aria-invalid={err ? true : undefined}
          aria-describedby={err ? `${id}-error` : undefined}
          {...register(`mapping.${key}`)}
        />
        {err && (
          <p id={`${id}-error`} className="mt-1 text-sm text-rose-300">
            {err.message}
          </p>
        )}
      </div>
    );
  };
  return (
    <div className="flex flex-wrap items-start gap-2">
      {text('ownerId', kind === 'hubspot' ? 'Owner id' : 'Owner (user id)', 'none')}
      {kind === 'hubspot' && text('scoreProperty', 'Score property', 'signalpipe_score')}
      {kind === 'hubspot' && (
        <label className="mt-7 flex items-center gap-2 text-sm text-slate-300">
          <input type="checkbox" {...register('mapping.task')} />
          Create a task for the owner
        </label>
      )}
      {kind === 'pipedrive' && text('label', 'Lead label', 'none (the score band only)')}
    </div>
  );
}
