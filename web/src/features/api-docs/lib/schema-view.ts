import { constraintsOf, showValue } from './constraints';
import type { SchemaView } from './model';
import type { OpenApiDocument, SchemaObject } from './openapi-types';
import { deref, isRef, refName } from './resolve';

/** What schema conversion needs: the document and the component schemas shown by name only. */
export interface SchemaContext {
  doc: OpenApiDocument;
  /** Names of component schemas linked from somewhere; each is defined once in the Schemas section. */
  linked: Set<string>;
}

function typeWord(s: SchemaObject): string {
  if (Array.isArray(s.type)) return s.type.join(' or ');
  if (typeof s.type === 'string') return s.type;
  if (s.properties) return 'object';
  if (s.enum) return 'enum';
  if (s.oneOf || s.anyOf) return 'one of';
  return 'any';
}

/** allOf merged into one object schema (fields and required lists joined). */
function mergeAllOf(ctx: SchemaContext, s: SchemaObject): SchemaObject {
  if (!s.allOf) return s;
  const parts = s.allOf.map((p) => mergeAllOf(ctx, deref(ctx.doc, p)));
  const { allOf: _, ...rest } = s;
  return parts.reduce<SchemaObject>(
    (acc, p) => ({
      ...p,
      ...acc,
      type: acc.type ?? p.type,
      properties: { ...p.properties, ...acc.properties },
      required: [...(acc.required ?? []), ...(p.required ?? [])],
    }),
    rest,
  );
}

/** Whether a schema is worth defining once by name (an object with fields) rather than inlining. */
function isRecord(s: SchemaObject): boolean {
  return Boolean(s.properties && Object.keys(s.properties).length > 0) || Boolean(s.allOf);
}

function elementOf(ctx: SchemaContext, s: SchemaObject, expanding: string[]): SchemaView | undefined {
  if (s.items) return convert(ctx, s.items, false, expanding);
  if (typeof s.additionalProperties === 'object') return convert(ctx, s.additionalProperties, false, expanding);
  return undefined;
}

function convert(ctx: SchemaContext, input: SchemaObject, top: boolean, expanding: string[]): SchemaView {
  if (isRef(input)) {
    const name = refName(input.$ref);
    const target = deref(ctx.doc, input);
    if (isRecord(target) && (!top || expanding.includes(name))) {
      ctx.linked.add(name);
      return { type: 'object', name, link: true, description: input.description, constraints: [] };
    }
    return { ...convert(ctx, target, top, [...expanding, name]), name };
  }
  const s = mergeAllOf(ctx, input);
  const view: SchemaView = { type: typeWord(s), description: s.description, constraints: constraintsOf(s) };
  const values = s.enum ?? (s.const !== undefined ? [s.const] : undefined);
  if (values) view.values = values.map(showValue);
  if (s.examples?.length) view.examples = s.examples.map(showValue);
  const element = elementOf(ctx, s, expanding);
  if (element) {
    const word = element.name ?? element.type;
    view.type = s.items ? `array of ${word}` : view.type === 'object' && !s.properties ? `map of ${word}` : view.type;
    // Limits of a list's entries read as "each …" beside the list's own.
    view.constraints.push(...element.constraints.map((c) => `each ${c}`));
    if (element.values) view.constraints.push(`each one of: ${element.values.join(', ')}`);
    if (element.fields || element.link) view.inner = element;
  }
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives) {
    view.type = alternatives.map((a) => (isRef(a) ? refName(a.$ref) : typeWord(deref(ctx.doc, a)))).join(' or ');
  }
  if (s.properties) {
    const required = new Set(s.required ?? []);
    view.fields = Object.entries(s.properties).map(([name, p]) => ({
      name,
      required: required.has(name),
      schema: convert(ctx, p, false, expanding),
    }));
  }
  return view;
}

/**
 * A schema as the page shows it. At the top (a request body, a success
 * response, a definition) a referenced object is expanded; deeper down it is
 * shown by name and recorded in ctx.linked, so each is defined once.
 */
export function schemaView(ctx: SchemaContext, schema: SchemaObject, top = true): SchemaView {
  return convert(ctx, schema, top, []);
}
