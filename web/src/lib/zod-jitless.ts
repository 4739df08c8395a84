/**
 * The app's `zod` (vite.config.ts aliases the bare specifier here): zod with
 * JIT compilation off. Zod otherwise probes `new Function('')` on the first
 * object schema; under the site's CSP (`script-src 'self'`, no 'unsafe-eval')
 * the probe is refused and, though zod catches the error, the browser logs a
 * CSP violation (Lighthouse: best practices 96 on every page that parses).
 * The config must be set before any schema is built, which an alias ensures
 * for every importer, including libraries.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
