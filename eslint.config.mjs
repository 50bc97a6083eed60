import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
    // shell that composes the features and is imported by none of them
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@/features/', message: 'A feature does not import another feature; move shared code to ui/ or api/.' },
            { regex: '^\\.\\./\\.\\./', message: 'Import shared code as @/ui or @/api; never reach into another feature.' },
            { regex: '^@/app(/|$)', message: 'Features do not import the app shell; shared code lives in @/api or @/ui.' },
          ],
        },
      ],
    },
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
    files: ['scripts/**/*.ts', 'bench/**/*.ts', 'src/cli.ts', 'src/main.ts', 'src/banner.ts', 'test/**/*.ts', 'web/e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
