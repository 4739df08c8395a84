import type { FieldView, SchemaView } from '../lib/model';
import { SchemaNotes } from './schema-notes';
import { SchemaType } from './schema-type';

/** The fields an object (or the objects of a list or map) has, if any. */
function fieldsOf(schema: SchemaView): readonly FieldView[] | undefined {
  return schema.fields ?? (schema.inner?.link ? undefined : schema.inner?.fields);
}

function Field({ field }: { field: FieldView }) {
  const nested = fieldsOf(field.schema);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <code className="break-all text-sm font-semibold text-white">{field.name}</code>
        <SchemaType schema={field.schema} />
        {field.required ? (
          <span className="text-xs font-semibold text-amber-300">required</span>
        ) : (
          <span className="text-xs text-slate-400">optional</span>
        )}
      </div>
      <SchemaNotes schema={field.schema} />
      {nested && <SchemaFields fields={nested} nested />}
    </li>
  );
}

/** A list of fields with type, required flag, limits and nested fields (indented). */
export function SchemaFields({ fields, nested = false }: { fields: readonly FieldView[]; nested?: boolean }) {
  const indent = nested ? 'mt-2 border-l border-ink-600 pl-4' : '';
  return (
    <ul className={`divide-y divide-ink-700 ${indent}`}>
      {fields.map((f) => (
        <Field key={f.name} field={f} />
      ))}
    </ul>
  );
}

/** A whole schema: its type line and notes, then its fields. */
export function SchemaBlock({ schema }: { schema: SchemaView }) {
  const fields = fieldsOf(schema);
  return (
    <div>
      <p className="text-sm text-slate-300">
        <SchemaType schema={schema} />
        {schema.name && !schema.link && <span className="ml-2 text-xs text-slate-400">({schema.name})</span>}
      </p>
      <SchemaNotes schema={schema} />
      {fields && <SchemaFields fields={fields} />}
    </div>
  );
}
