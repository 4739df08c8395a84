import { schemaAnchor } from '../lib/anchors';
import type { SchemaView } from '../lib/model';

/** A schema's type in words; a named schema defined elsewhere on the page is a link to it. */
export function SchemaType({ schema }: { schema: SchemaView }) {
  const linked = schema.link ? schema : schema.inner?.link ? schema.inner : undefined;
  if (!linked?.name) {
    return <code className="text-xs text-sky-300">{schema.type}</code>;
  }
  // "array of Lead" keeps its words before the link; a linked object is just its name.
  const at = schema.type.lastIndexOf(linked.name);
  const before = linked === schema || at < 0 ? '' : schema.type.slice(0, at);
  return (
    <code className="text-xs text-sky-300">
      {before}
      <a href={`#${schemaAnchor(linked.name)}`} className="underline decoration-sky-400/50 underline-offset-2 hover:text-sky-200">
        {linked.name}
      </a>
    </code>
  );
}
