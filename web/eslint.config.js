// ESLint 9 flat config for the web app (docs/architecture.md#web-layers).
// typescript-eslint's recommended rules, the rules of hooks with
// exhaustive-deps as an error, and jsx-a11y's recommended rules; formatting
// is Prettier's job (.prettierrc.json), so no stylistic rules here.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-ssr', 'node_modules', 'test-results', 'playwright-report', 'lighthouse'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable region (role="region" with a name) takes focus so keyboard
      // users can scroll it: axe's scrollable-region-focusable, WCAG 2.1.1.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
      // Our Checkbox (components/ui/checkbox.tsx) renders the control inside its label.
      'jsx-a11y/label-has-associated-control': ['error', { controlComponents: ['Checkbox'], depth: 3 }],
    },
  },
  {
    // The app's code only: Playwright fixtures (e2e/) call their own `use`, which is no React hook.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'e2e/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    rules: {
      // Unused names are already compile errors (tsconfig noUnusedLocals); `_` marks a deliberate one.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
);
