// The floors of the code (docs/decisions/0013-one-lifecycle-and-steps.md), held by the linter rather
// than by review: arrows point down only, routes -> lifecycle -> features -> platform, ui, auth -> db,
// a feature never reaches into another feature's internals, and no module imports itself round a circle.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import reactHooks from 'eslint-plugin-react-hooks'
import prettier from 'eslint-config-prettier'

/** The floors below the features: what every feature may use, and which may use no feature. */
const FLOOR = ['./app/platform', './app/ui', './app/auth', './app/utils', './app/http']
const ABOVE_FEATURES = [
  './app/lifecycle',
  // The integration API's endpoints (issue 40): a floor beside the routes, calling the lifecycle and features.
  './app/api',
  './app/routes',
  './app/root.tsx',
  './app/entry.server.tsx',
  './app/startup.server.ts',
]

/**
 * A feature's internals: the modules that change its records or lock them. Another feature reads
 * what it offers (queries, schemas, lenses, views) but moves its records only through the lifecycle.
 */
const INTERNALS = [
  'steps.server.ts',
  'mutations.server.ts',
  'locks.server.ts',
  'ledger.server.ts',
  'bookings.server.ts',
  'requests.server.ts',
  'decide.server.ts',
  'schedule.server.ts',
  'place.server.ts',
  'counter-offer.server.ts',
  'cart.server.ts',
]

const features = [
  'account',
  'addresses',
  'api-tokens',
  'assets',
  'audit',
  'buyer-skus',
  'categories',
  'companies',
  'dashboard',
  'database-admin',
  'flags',
  'housekeeping',
  'idempotency',
  'images',
  'inbox',
  'imports',
  'logistics',
  'orders',
  'outbox',
  'own-company',
  'price-requests',
  'product-skus',
  'products',
  'qc',
  'redirects',
  'reports',
  'sample-orders',
  'sample-skus',
  'search',
  'seller-skus',
  'settlements',
  'toolkit',
  'users',
  'webhooks',
]

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'public/build/**',
      // The benchmark's bare Remix app builds into its own folder (tests/bench/bare/.gitignore).
      'tests/bench/bare/build/**',
      'tests/bench/bare/public/build/**',
      '.cache/**',
      'node_modules/**',
      'data/**',
      'screenshots/**',
      'test-results/**',
      'tests/.artifacts/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: {
        console: 'readonly',
        process: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        fetch: 'readonly',
        Request: 'readonly',
        Response: 'readonly',
        Headers: 'readonly',
        FormData: 'readonly',
        self: 'readonly',
        caches: 'readonly',
        indexedDB: 'readonly',
        location: 'readonly',
        localStorage: 'readonly',
        crypto: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        AbortController: 'readonly',
        Blob: 'readonly',
        File: 'readonly',
        structuredClone: 'readonly',
        queueMicrotask: 'readonly',
        performance: 'readonly',
        HTMLElement: 'readonly',
        Event: 'readonly',
        __dirname: 'readonly',
      },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // The rules of hooks; the compiler-era rules of react-hooks 7 judge code written for the React
      // Compiler, which this app does not use (and they cost half the lint's time).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // A table that scrolls in its own frame sits in the one TableFrame (focusable, named), so the
      // keyboard can scroll it: a bare `table-wrap` div is what axe refused on the buyer's ageing.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='className'] Literal[value=/(^|\\s)table-wrap(\\s|$)/]",
          message: 'Wrap a scrolling table in <TableFrame label=…> from ~/ui/table (focusable and named).',
        },
        {
          selector: "JSXAttribute[name.name='className'] TemplateElement[value.raw=/(^|\\s)table-wrap(\\s|$)/]",
          message: 'Wrap a scrolling table in <TableFrame label=…> from ~/ui/table (focusable and named).',
        },
        // Likewise a <pre> (never wrapped, so a long line scrolls): it is the one CodeBlock, so the
        // keyboard can scroll it. Bare ones were what axe refused on the API reference (/api/docs).
        {
          selector: "JSXOpeningElement[name.name='pre']",
          message: 'Show code in <CodeBlock label=…> from ~/ui/code-block (focusable and named when it scrolls).',
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // db/ is the lowest floor: the database, its dialect, migrations runner and types.
            {
              target: './db',
              from: ['./app', './seed', './cli', './tests'],
              message: 'db/ is the lowest floor: it imports nothing above it.',
            },
            {
              target: './migrations',
              from: ['./app', './seed', './cli'],
              message: 'Migrations never import app code.',
            },
            ...FLOOR.map((target) => ({
              target,
              from: ['./app/features', ...ABOVE_FEATURES],
              message:
                'The platform floor (platform, ui, auth, utils, http) never imports a feature, the lifecycle or a route.',
            })),
            {
              target: './app/features',
              from: ABOVE_FEATURES,
              message: 'A feature never calls back up: when two features move together, the lifecycle moves them.',
            },
            {
              target: './app/lifecycle',
              from: ['./app/routes', './app/api', './app/root.tsx'],
              message: 'The lifecycle never imports a route or an API endpoint.',
            },
            ...features.map((feature) => ({
              target: `./app/features/${feature}`,
              from: features
                .filter((other) => other !== feature)
                .flatMap((other) => INTERNALS.map((file) => `./app/features/${other}/${file}`)),
              message:
                "A feature never reaches into another feature's internals (its steps and writes): the lifecycle moves them together.",
            })),
          ],
        },
      ],
    },
  },
  {
    // The frames themselves.
    files: ['app/ui/table.tsx', 'app/ui/code-block.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The field operator's plain scripts (public/field.js, public/field-sw.js): classic browser scripts,
    // not modules, with the browser's globals the app code does not use.
    files: ['public/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        Image: 'readonly',
        HTMLFormElement: 'readonly',
        DataTransfer: 'readonly',
        scrollTo: 'readonly',
        AbortSignal: 'readonly',
        addEventListener: 'readonly',
      },
    },
  },
  {
    // Tests stand above every floor (they set up one feature through another), except under db/.
    files: ['app/**/*.test.ts', 'app/**/*.test.tsx', 'tests/**', 'seed/**', 'cli/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  prettier,
)
