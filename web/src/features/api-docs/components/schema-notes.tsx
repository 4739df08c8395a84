import type { SchemaView } from '../lib/model';

/** A schema's description, limits, allowed values and examples, as small print. */
export function SchemaNotes({ schema, description }: { schema: SchemaView; description?: string }) {
  const text = description ?? schema.description;
  return (
    <>
      {text && <p className="mt-1 text-sm leading-6 text-slate-300">{text}</p>}
      {schema.constraints.length > 0 && <p className="mt-1 text-xs text-slate-400">{schema.constraints.join(' · ')}</p>}
      {schema.values && (
        <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-400">
          One of:
          {schema.values.map((v) => (
            <code key={v} className="rounded bg-ink-900 px-1.5 py-0.5 text-slate-200">
              {v}
            </code>
          ))}
        </p>
      )}
      {schema.examples && (
        <p className="mt-1 text-xs text-slate-400">
          Example: <code className="text-slate-200">{schema.examples.join(', ')}</code>
        </p>
      )}
    </>
  );
}
