import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import vitest from '@vitest/eslint-plugin';

/** ES builtins only: every browser and Node global that is not one is switched off. */
const onlyEsGlobals = {
  ...Object.fromEntries(Object.keys({ ...globals.browser, ...globals.node, ...globals.worker }).map((name) => [name, 'off'])),
  ...globals.es2024,
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'supabase/functions/node_modules', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The import direction of docs/DESIGN.md §2: lib depends on nothing; the server never imports the app.
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**'], message: 'The PWA must not import server code.' }],
          // zod/mini only, through shared/zod-mini.ts: classic zod probes eval under the CSP and would bring its
          // whole API into the chunk the sync worker shares with the screens; the one module sets its messages.
          paths: ['zod', 'zod/v4', 'zod/mini', 'zod/v4/mini', 'zod/locales'].map((name) => ({
            name,
            message: "Import * as z from shared/zod-mini.ts: the app's one zod, shared with the workers and shared/.",
          })),
        },
      ],
    },
  },
  // The data layer's two doors and the feature boundary (docs/DESIGN.md §2). A rule of its own, so these blocks add to
  // the no-restricted-imports above instead of replacing it for these files.
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*/**', '!../../**', '**/features/**'], message: 'Features do not import each other: a route composes them (src/app/routes.tsx).' },
            {
              group: ['**/data/**', '!**/data/mirror.ts', '!**/data/backend.ts', '!**/data/favourites.ts'],
              message: 'Read through data/mirror.ts and write through data/backend.ts (the visitor’s own stars: data/favourites.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/main.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        // The shell may also use data/mirror-start.ts: the sync's start and status without Dexie (first route).
        {
          patterns: [
            {
              group: ['**/data/**', '!**/data/mirror.ts', '!**/data/mirror-start.ts', '!**/data/backend.ts', '!**/data/favourites.ts'],
              message: 'Read through data/mirror.ts (the shell: data/mirror-start.ts) and write through data/backend.ts (the visitor’s own stars: data/favourites.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/data/**'], message: 'ui/ knows no data layer: the app passes what a component needs (props, context).' }] },
      ],
    },
  },
  {
    // The star of My show is the one ui control with a store of its own: the visitor's favourites, kept on the
    // phone beside the mirror (never synced). Passing it down from the shell would put the store in the first route.
    files: ['src/ui/star-button.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/data/**', '!**/data/favourites.ts'], message: 'ui/ knows no data layer: the app passes what a component needs (props, context).' }] },
      ],
    },
  },
  {
    files: ['src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(?!lib/|\\.\\./shared/)', message: 'lib/ is pure: it imports nothing from the app (shared/ rules are fine).' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      // The rules the server shares with the app live in shared/; src/ is the app's alone.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**'], message: 'The server may share only shared/, never src/.' }] }],
    },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { Deno: 'readonly' } },
    rules: {
      // Like the venue server, the Edge Functions share only shared/ with the app.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**'], message: 'The Edge Functions may share only shared/, never src/.' }] }],
    },
  },
  {
    // shared/: the pure rules and data shapes the app, the service worker, the venue server and the Edge
    // Functions all use (DESIGN.md). It imports only itself and uses only ES builtins (plus URL and
    // crypto.getRandomValues, which every runtime has): no DOM, Node or Deno API, and one npm package,
    // zod/mini, plain JavaScript that needs no runtime API, so it runs wherever shared/ does. The row schemas
    // are written in it (row-schemas.ts): the app's sync and the server's show import apply the same ones,
    // and the row types are inferred from them.
    files: ['shared/**/*.ts'],
    // Flat config merges globals, so the browser and Node ones the block above grants are switched off.
    languageOptions: { globals: { ...onlyEsGlobals, URL: 'readonly', crypto: 'readonly' } },
    rules: {
      'no-undef': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*'], message: 'shared/ imports only shared/ files (never src/: the server and the functions import shared/).' },
            { group: ['node:*'], message: 'shared/ is pure: no Node modules.' },
            {
              regex: '^(?!zod/mini$)[^.]',
              message: 'shared/ is pure: no packages but zod/mini (it runs in the app, the service worker, Node and Deno).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests that can pass without proving anything: no assertion, an assertion an `if` can skip, a skipped
    // or empty test. it.runIf / it.skipIf (a PostgreSQL-only case) stay allowed: they say when they run.
    files: ['tests/**/*.{ts,tsx}', 'e2e/**/*.{ts,tsx}', '**/*.test.{ts,tsx}'],
    plugins: { vitest },
    rules: {
      'vitest/expect-expect': [
        'error',
        // The project's own assertion helpers (expectNoViolations, assertSameShape, …) and expect.poll / expect.soft.
        { assertFunctionNames: ['expect', 'expect*', 'expect.*', 'assert', 'assert*', 'assert.*'] },
      ],
      'vitest/no-conditional-expect': 'error',
      'vitest/no-disabled-tests': 'error',
      // A hook may check what the tests rely on (the seeded rows it read); an expect anywhere else outside a test never runs as one.
      'vitest/no-standalone-expect': ['error', { additionalTestBlockFunctions: ['beforeAll', 'beforeEach', 'afterEach', 'afterAll'] }],
    },
  },
  {
    // One way to zod: its messages are set in shared/zod-mini.ts, for every runtime that loads a schema.
    files: ['shared/**/*.ts'],
    ignores: ['shared/zod-mini.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: 'zod/mini', message: 'Import * as z from ./zod-mini.ts.' }] }],
    },
  },
  {
    // A function that does one job fits on a few screens. Blank lines and comments are not counted. The
    // tests beside the modules are held to it too (none comes near it).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', 'sw/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Data, not logic: long literal tables (the demo show's breeds, places and name lists) that a reader
    // scans rather than follows, and that would only grow by being split.
    files: ['server/seed/breeds-a.ts', 'server/seed/breeds-b.ts', 'server/seed/places.ts', 'server/seed/show-lists.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
);
