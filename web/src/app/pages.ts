import type { ComponentType } from 'react';

/** What a page module exports: its page component as the default export. */
export interface PageModule {
  default: ComponentType;
}

const modules = import.meta.glob<PageModule>(['../features/*/pages/*.tsx', '!../features/**/*.test.tsx']);
const loaded = new Map<string, ComponentType>();
const loading = new Map<string, Promise<ComponentType>>();

/**
 * Loads a page module (named as in the route table) once; later calls share
 * the same promise. Each page is its own chunk, so a visitor downloads only
 * the pages they open.
 */
export function loadPage(page: string): Promise<ComponentType> {
  const done = loaded.get(page);
  if (done) return Promise.resolve(done);
  let promise = loading.get(page);
  if (!promise) {
    const load = modules[page];
    if (!load) return Promise.reject(new Error(`route table names a missing page module: ${page}`));
    promise = load().then((m) => {
      loaded.set(page, m.default);
      return m.default;
    });
    loading.set(page, promise);
  }
  return promise;
}

/**
 * The page component if it has been loaded. Pages loaded before the first
 * render (prerendering, hydration) render synchronously, so the client's
 * first render matches the static HTML.
 */
export function loadedPage(page: string): ComponentType | undefined {
  return loaded.get(page);
}
