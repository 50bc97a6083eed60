import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import hearthText from './web/lint/no-untranslated.mjs';

/** What a web feature may not import: another feature, or the app shell. */
const FEATURE_IMPORTS = [
  { regex: '^@/features/', message: 'A feature does not import another feature; move shared code to ui/ or api/.' },
  { regex: '^\\.\\./\\.\\./', message: 'Import shared code as @/ui or @/api; never reach into another feature.' },
  { regex: '^@/app(/|$)', message: 'Features do not import the app shell; shared code lives in @/api or @/ui.' },
];

/**
 * The typed client is used by a feature's api.ts only (and by the notes' offline queue, which runs
 * its operations, and the shopping list's own api.ts, which loads with its code, not the first page).
 */
const FEATURE_API_FILES = ['web/src/features/*/api.ts', 'web/src/features/notes/ops.ts', 'web/src/features/notes/shopping/api.ts'];
const CLIENT_ONLY_IN_API = {
  name: '@/api/client',
  importNames: ['api', 'call'],
  message: "Call the API from the feature's api.ts (a query or mutation hook) and use that hook here.",
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // the layers (docs/architecture.md): the shared layers never import a feature
    files: ['src/common/**/*.ts', 'src/database/**/*.ts', 'src/infrastructure/**/*.ts', 'src/config/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/modules'],
              message: 'src/common, src/database, src/infrastructure and src/config must not import from src/modules (docs/architecture.md)',
            },
          ],
        },
      ],
    },
  },
  {
    // web features stay independent: shared code lives in api/ and ui/ (imported as @/…); app/ is the
    // shell that composes the features and is imported by none of them. A feature's server calls
    // live in its api.ts (query and mutation hooks): its pages and components use those hooks and
    // never the client itself (docs/web.md, Conventions)
    files: ['web/src/features/**/*.{ts,tsx}'],
    ignores: FEATURE_API_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: FEATURE_IMPORTS, paths: [CLIENT_ONLY_IN_API] }] },
  },
  {
    // the files that call the API for their feature: the same independence, and the client allowed
    files: FEATURE_API_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: FEATURE_IMPORTS }] },
  },
  {
    // the shared building blocks know no feature and no shell
    files: ['web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@/(app|features)(/|$)', message: 'ui/ imports neither the app shell nor a feature; shared state lives in @/api.' },
            { regex: '^\\.\\./', message: 'ui/ imports shared code as @/api or @/ui.' },
          ],
        },
      ],
    },
  },
  {
    // every cached query's key comes from the one registry (web/src/api/query-keys.ts), so live sync,
    // the offline cache and search cannot drift from the hooks that fill the cache
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/api/query-keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Name query keys through queryKeys in web/src/api/query-keys.ts, not as an array here.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(get|set|remove|invalidate|refetch|cancel|reset)Quer(y|ies)/] > ArrayExpression',
          message: 'Name query keys through queryKeys in web/src/api/query-keys.ts, not as an array here.',
        },
        {
          selector: 'VariableDeclarator[id.name=/Key$/] > TSAsExpression > ArrayExpression',
          message: 'A query key belongs in web/src/api/query-keys.ts.',
        },
      ],
    },
  },
  {
    // every word a person reads comes from the message files (locales/*.json) through useT() or
    // translate(), so a German page shows no English word (web/lint/no-untranslated.mjs, docs/web.md)
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/i18n/**'],
    plugins: { hearth: hearthText },
    rules: { 'hearth/no-untranslated': 'error' },
  },
  {
    // plain JavaScript run by Node: the config files, scripts and test helpers (CommonJS where .js)
    files: ['**/*.{js,mjs}'],
    ignores: ['web/public/**'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' },
    },
  },
  {
    files: ['**/*.js'],
    ignores: ['web/public/**'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', exports: 'writable', __dirname: 'readonly', __filename: 'readonly' },
    },
  },
  {
    // the push worker is a classic script in the browser; it names its globals itself (`/* global … */`)
    files: ['web/public/**/*.js'],
    languageOptions: { sourceType: 'script' },
  },
  {
    // no line of code over 160 characters, strings, comments, regexes and template literals included:
    // Prettier (160 columns) never splits those (docs/architecture.md, Formatting and line length)
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    ignores: ['clients/typescript/schema.d.ts'],
    rules: { 'max-len': ['error', { code: 160, tabWidth: 2 }] },
  },
  {
    files: ['scripts/**/*.{ts,js,mjs}', 'bench/**/*.ts', 'src/cli.ts', 'src/main.ts', 'src/banner.ts', 'test/**/*.ts', 'web/e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
