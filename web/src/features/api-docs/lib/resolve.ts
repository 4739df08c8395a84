import type { OpenApiDocument, RefObject } from './openapi-types';

/** Whether a value is a `$ref` object. */
export function isRef(value: unknown): value is RefObject {
  return typeof value === 'object' && value !== null && typeof (value as RefObject).$ref === 'string';
}

/** The last segment of a reference: "#/components/schemas/Lead" → "Lead". */
export function refName(ref: string): string {
  return decodeSegment(ref.split('/').at(-1) ?? ref);
}

function decodeSegment(segment: string): string {
  return decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Follows a local JSON pointer ("#/components/…") into the document; throws on a dangling one. */
export function resolvePointer<T>(doc: OpenApiDocument, ref: string): T {
  if (!ref.startsWith('#/')) throw new Error(`only local references are supported: ${ref}`);
  let node: unknown = doc;
  for (const segment of ref.slice(2).split('/')) {
    if (typeof node !== 'object' || node === null) throw new Error(`dangling reference: ${ref}`);
    node = (node as Record<string, unknown>)[decodeSegment(segment)];
  }
  if (node === undefined) throw new Error(`dangling reference: ${ref}`);
  return node as T;
}

/**
 * The object a value stands for: itself, or what its `$ref` points to (again
 * resolved, at most 20 hops). A description beside the `$ref` wins over the
 * target's, as OpenAPI 3.1 allows.
 */
export function deref<T extends object>(doc: OpenApiDocument, value: T | RefObject): T {
  let current: unknown = value;
  for (let hops = 0; isRef(current); hops++) {
    if (hops === 20) throw new Error(`reference loop at ${current.$ref}`);
    current = resolvePointer(doc, current.$ref);
  }
  if (isRef(value) && value.description) return { ...(current as T), description: value.description };
  return current as T;
}
