import type { ComponentType } from 'react';

/** What a page module exports: its page component as the default export. */
export interface PageModule {
  default: ComponentType;
}

/** A promise that records how it settled, the fields React's `use` reads to answer synchronously. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const modules = import.meta.glob<PageModule>(['../features/*/pages/*.tsx', '!../features/**/*.test.tsx']);
const loading = new Map<string, TrackedPromise<ComponentType>>();

/**
 * Loads a page module (named as in the route table) once; later calls return
 * the same promise, which the app reads with React's `use` (app.tsx). Each
 * page is its own chunk, so a visitor downloads only the pages they open.
 * The promise records its outcome as it settles, so `use` returns a page
 * loaded before the first render (prerendering, hydration) without
 * suspending, and the client's first render matches the static HTML.
 */
export function loadPage(page: string): Promise<ComponentType> {
  let promise = loading.get(page);
  if (!promise) {
    const load = modules[page];
    const tracked: TrackedPromise<ComponentType> = load
      ? load().then((m) => m.default)
      : Promise.reject(new Error(`route table names a missing page module: ${page}`));
    tracked.then(
      (value) => Object.assign(tracked, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(tracked, { status: 'rejected', reason }),
    );
    loading.set(page, tracked);
    promise = tracked;
  }
  return promise;
}
