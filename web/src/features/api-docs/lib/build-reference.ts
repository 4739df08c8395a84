import { untaggedGroups } from '../content/api-docs-content';
import { schemaAnchor, slug } from './anchors';
import type { ApiReference, AuthView, GroupView, OperationView, SchemaDefinition } from './model';
import type { OpenApiDocument, OperationObject, ParameterObject, RefObject } from './openapi-types';
import { operationView } from './operation-view';
import { schemaView, type SchemaContext } from './schema-view';

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const levelOrder: AuthView['level'][] = ['public', 'demo', 'admin', 'other'];

interface Placed {
  op: OperationView;
  tag?: string;
}

function operations(ctx: SchemaContext): Placed[] {
  const out: Placed[] = [];
  for (const [path, item] of Object.entries(ctx.doc.paths ?? {})) {
    const shared = (item.parameters ?? []) as readonly (ParameterObject | RefObject)[];
    for (const method of methods) {
      const op = item[method] as OperationObject | undefined;
      if (op) out.push({ op: operationView(ctx, method, path, op, shared), tag: op.tags?.[0] });
    }
  }
  return out;
}

/**
 * Tagged operations go under their first tag (the document's tag order first);
 * untagged ones are grouped by who may call them.
 */
function group(doc: OpenApiDocument, placed: Placed[]): GroupView[] {
  const groups = new Map<string, GroupView>();
  const add = (key: string, name: string, description: string | undefined, op: OperationView) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { id: `group-${slug(name)}`, name, description, operations: [] }));
    g.operations.push(op);
  };
  for (const t of doc.tags ?? []) {
    const used = placed.some((p) => p.tag === t.name);
    if (used) groups.set(`tag:${t.name}`, { id: `group-${slug(t.name)}`, name: t.name, description: t.description, operations: [] });
  }
  for (const { op, tag } of placed) if (tag) add(`tag:${tag}`, tag, undefined, op);
  for (const level of levelOrder) {
    const { name, description } = untaggedGroups[level];
    for (const { op, tag } of placed) if (!tag && op.auth.level === level) add(`auth:${level}`, name, description, op);
  }
  return [...groups.values()].filter((g) => g.operations.length > 0);
}

/** Every component schema linked from an operation, and those they link to in turn. */
function definitions(ctx: SchemaContext): SchemaDefinition[] {
  const out: SchemaDefinition[] = [];
  const done = new Set<string>();
  for (let pending = [...ctx.linked]; pending.length > 0; pending = [...ctx.linked].filter((n) => !done.has(n))) {
    for (const name of pending) {
      done.add(name);
      const schema = schemaView(ctx, { $ref: `#/components/schemas/${name}` });
      out.push({ id: schemaAnchor(name), name, schema });
    }
  }
  return out;
}

/**
 * The API reference page's model, built from an OpenAPI 3.1 document: every
 * operation (grouped, with its access level, parameters, body and responses,
 * references resolved) and the component schemas they link to. Pure: the
 * same document always gives the same model.
 */
export function buildApiReference(doc: OpenApiDocument): ApiReference {
  const ctx: SchemaContext = { doc, linked: new Set() };
  const groups = group(doc, operations(ctx));
  return {
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description,
    groups,
    schemas: definitions(ctx),
  };
}
