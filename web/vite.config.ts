import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { searchForWorkspaceRoot } from 'vite';
import { defineConfig } from 'vitest/config';

// The server's OpenAPI document, imported at build time by the /docs/api page
// so that it is prerendered with every endpoint. It lives outside web/, so the
// dev server is allowed to read it.
const openApiDocument = fileURLToPath(new URL('../internal/api/openapi.json', import.meta.url));

// Logic tests (*.test.ts) that still need a DOM (document, localStorage, Blob
// URLs, renderHook).
const domLogicTests = [
  'src/features/blog/lib/page-data.test.ts',
  'src/features/pdf-converter/lib/file-name.test.ts',
  'src/features/api-docs/lib/build-reference.test.ts',
  'src/features/demo/api/stored-data.test.ts',
  'src/lib/form-submissions.test.ts',
  'src/lib/download-file.test.ts',
  'src/features/demo/lib/counter.test.ts',
];

// The client build writes dist/ (embedded into the Go binary); the SSR build of
// src/app/entry-server.tsx is only used by scripts/prerender.mjs at build time.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: '@openapi-document', replacement: openApiDocument },
      // zod without its eval probe, which the CSP reports (see the module).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  build: {
    // dist/ keeps its committed placeholder (dist/.placeholder) so that a fresh
    // checkout compiles without a web build; scripts/clean-dist.mjs empties the
    // rest before each build instead.
    emptyOutDir: false,
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    sourcemap: false,
    rollupOptions: {
      output: {
        // Libraries several routes share get chunks of their own, cached once
        // for every page that needs them; each page's chunk holds only its code.
        manualChunks(id: string) {
          if (id.endsWith('/src/lib/zod-jitless.ts')) return 'vendor-zod';
          // The section components every content page is built from, and
          // the report pages' own, as one chunk each: Lighthouse's mobile
          // simulation counts each module a page preloads into its first
          // paint, and 6-10 one-kilobyte chunks cost more than their bytes.
          if (/\/src\/components\/(content|ui)\//.test(id) || id.endsWith('/src/components/booking/booking-button.tsx')) return 'content-kit';
          if (/\/src\/features\/reports\/components\//.test(id)) return 'reports-kit';
          if (!id.includes('/node_modules/')) return undefined;
          if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (id.includes('/@tanstack/')) return 'vendor-query';
          // zod alone for pages that only parse API answers (the blog); forms add react-hook-form.
          if (id.includes('/node_modules/zod/')) return 'vendor-zod';
          if (/\/node_modules\/(react-hook-form|@hookform)\//.test(id)) return 'vendor-forms';
          if (/\/node_modules\/(@radix-ui|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)/.test(id)) return 'vendor-radix';
          if (id.includes('/sonner/')) return 'vendor-sonner';
          // One chunk for every icon: split per icon, a page preloaded 15-20
          // one-kilobyte files, and on a slow mobile link the requests, not
          // the bytes, held back its first paint.
          if (id.includes('/lucide-react/')) return 'vendor-icons';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), openApiDocument] },
  },
  test: {
    globals: true,
    // The default report, then a count of skipped tests that fails the run on any.
    reporters: ['default', './src/test/skip-guard-reporter.ts'],
    css: false,
    // A loaded machine (CI shares two cores) must not turn a slow test into
    // a failed one: the budgets are measured elsewhere (docs/performance.md).
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Building a jsdom environment is most of a test file's cost, so only the
    // files that render or touch the DOM get one; pure logic runs in Node.
    projects: [
      {
        extends: true,
        test: { name: 'dom', environment: 'jsdom', setupFiles: ['./src/test/setup.ts'], include: ['src/**/*.test.tsx', ...domLogicTests] },
      },
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['src/**/*.test.ts'], exclude: domLogicTests },
      },
    ],
  },
});
