import type { SchemaObject } from './openapi-types';

const n = (v: number) => v.toLocaleString('en-US');

function range(lo: number | undefined, hi: number | undefined, unit: string): string | undefined {
  const u = unit ? ` ${unit}` : '';
  if (lo !== undefined && hi !== undefined) return lo === hi ? `exactly ${n(lo)}${u}` : `${n(lo)} to ${n(hi)}${u}`;
  if (lo !== undefined) return `≥ ${n(lo)}${u}`;
  if (hi !== undefined) return `≤ ${n(hi)}${u}`;
  return undefined;
}

/** A value as it would be written in JSON, for enums, defaults and examples. */
export function showValue(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** A schema's own limits in words (not those of its items or fields). */
export function constraintsOf(s: SchemaObject): string[] {
  const out = [
    range(s.minLength, s.maxLength, 'characters'),
    range(s.minimum, s.maximum, ''),
    s.exclusiveMinimum !== undefined ? `> ${n(s.exclusiveMinimum)}` : undefined,
    s.exclusiveMaximum !== undefined ? `< ${n(s.exclusiveMaximum)}` : undefined,
    s.minItems !== undefined && s.maxItems !== undefined
      ? `${n(s.minItems)} to ${n(s.maxItems)} items`
      : s.maxItems !== undefined
        ? `at most ${n(s.maxItems)} items`
        : s.minItems !== undefined
          ? `at least ${n(s.minItems)} items`
          : undefined,
    s.format ? `format: ${s.format}` : undefined,
    s.pattern ? `pattern: ${s.pattern}` : undefined,
    s.default !== undefined ? `default: ${showValue(s.default)}` : undefined,
    s.nullable ? 'may be null' : undefined,
  ];
  return out.filter((c): c is string => c !== undefined);
}
