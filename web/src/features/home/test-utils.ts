import { vi } from 'vitest';

/** Installs a matchMedia stub on window (jsdom has none); `reduce` sets prefers-reduced-motion. */
export function mockMatchMedia(reduce: boolean) {
  const matchMedia = vi.fn((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
  return matchMedia;
}

/** Removes the matchMedia stub again. */
export function unmockMatchMedia() {
  Reflect.deleteProperty(window, 'matchMedia');
}
