import { schemeLabels } from '../content/api-docs-content';
import type { AuthScheme, AuthView } from './model';
import type { OpenApiDocument, OperationObject, SecuritySchemeObject } from './openapi-types';

function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function locationOf(s: SecuritySchemeObject | undefined): string | undefined {
  if (!s) return undefined;
  if (s.type === 'apiKey' && s.in && s.name) return `${s.in} ${s.name}`;
  if (s.type === 'http' && s.scheme) return `Authorization: ${s.scheme.charAt(0).toUpperCase()}${s.scheme.slice(1)}`;
  return undefined;
}

function scheme(doc: OpenApiDocument, key: string): AuthScheme {
  const def = doc.components?.securitySchemes?.[key];
  return { key, label: schemeLabels[key] ?? humanize(key), location: locationOf(def), description: def?.description };
}

/**
 * Who may call an operation. Its security list (or the document's) holds
 * alternatives; an empty one, or none at all, means public. The level is that
 * of the easiest alternative.
 */
export function authOf(doc: OpenApiDocument, op: OperationObject): AuthView {
  const requirements = op.security ?? doc.security ?? [];
  const alternatives = requirements.map((r) => Object.keys(r).map((key) => scheme(doc, key)));
  const keys = alternatives.map((a) => a.map((s) => s.key));
  let level: AuthView['level'] = 'other';
  if (keys.length === 0 || keys.some((k) => k.length === 0)) level = 'public';
  else if (keys.some((k) => k.length === 1 && k[0] === 'demoKey')) level = 'demo';
  else if (keys.every((k) => k.includes('adminSession'))) level = 'admin';
  return { level, alternatives: alternatives.filter((a) => a.length > 0) };
}
