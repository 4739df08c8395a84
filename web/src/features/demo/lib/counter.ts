/**
 * The values a counter shows on its way from 0 to `target` in `steps` equal
 * steps (docs/product.md §4.9); the last value is exactly the target.
 */
export function counterValues(target: number, steps: number): number[] {
  return Array.from({ length: steps }, (_, i) => (i === steps - 1 ? target : Math.floor((target * (i + 1)) / steps)));
}

/** Milliseconds between two counter steps. */
export const stepInterval = (durationMs: number, steps: number) => durationMs / steps;
