/** A URL fragment made of a name: lowercase letters, digits and hyphens. */
export function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The anchor of a component schema's definition on the page. */
export function schemaAnchor(name: string): string {
  return `schema-${slug(name)}`;
}

/** The anchor of an operation: "POST /api/research-leads" → "post-api-research-leads". */
export function operationAnchor(method: string, path: string): string {
  return slug(`${method}-${path}`);
}
