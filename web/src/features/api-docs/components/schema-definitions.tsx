import { cardClass } from '@/components/ui/styles';
import type { SchemaDefinition } from '../lib/model';
import { SchemaBlock } from './schema-fields';

/** The Schemas section: each shape that endpoints refer to by name, defined once. */
export function SchemaDefinitions({ schemas }: { schemas: readonly SchemaDefinition[] }) {
  if (schemas.length === 0) return null;
  return (
    <section id="schemas" aria-labelledby="schemas-title" className="scroll-mt-24">
      <h2 id="schemas-title" className="text-2xl font-bold tracking-tight text-white">
        Schemas
      </h2>
      <p className="mt-2 text-slate-300">Shapes the endpoints above refer to by name.</p>
      <div className="mt-6 space-y-6">
        {schemas.map((s) => (
          <article key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className={`${cardClass} scroll-mt-24 p-5 sm:p-6`}>
            <h3 id={`${s.id}-title`} className="font-mono text-lg font-semibold text-white">
              {s.name}
            </h3>
            <div className="mt-3">
              <SchemaBlock schema={{ ...s.schema, name: undefined }} />
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
