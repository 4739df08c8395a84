import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/admin/api-client';

/**
 * Shows an API answer's field errors under a react-hook-form's own fields: a key is placed when
 * it starts with one of `prefixes` (tried in order; '' takes any key as it is) and, less that
 * prefix, names one of `fields`. When none is placed (or err is not an ApiError) the message goes
 * to the form's root error, `fallback` when err has none. Returns whether a field error was placed.
 */
export function placeServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  { prefixes = [''], fields, fallback }: { prefixes?: readonly string[]; fields: readonly string[]; fallback: string },
): boolean {
  let placed = false;
  if (err instanceof ApiError) {
    for (const [key, message] of Object.entries(err.fields)) {
      const prefix = prefixes.find((p) => key.startsWith(p));
      if (prefix === undefined) continue;
      const name = key.slice(prefix.length);
      if (fields.includes(name)) {
        setError(name as Path<T>, { message });
        placed = true;
      }
    }
  }
  if (!placed) setError('root' as Path<T>, { message: err instanceof Error ? err.message : fallback });
  return placed;
}
