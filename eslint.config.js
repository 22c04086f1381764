import js from '@eslint/js'
import drizzle from 'eslint-plugin-drizzle'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const restrict = (patterns) => ['error', { patterns }]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      '.tmp',
      'node_modules',
      'test-results',
      'playwright-report',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Folder boundaries: shared imports nothing of ours; server and web never import each other.
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/server/**', '**/web/**', '@/*'],
          message: 'shared/ imports nothing of ours.',
        },
      ]),
    },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/web/**', '@/*'], message: 'server/ never imports web/.' },
      ]),
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The classic hook rules; the compiler-oriented ones misread react-hook-form's handleSubmit.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': restrict([
        { group: ['**/server/**'], message: 'web/ never imports server/.' },
      ]),
    },
  },
  // Features do not import each other: shared pieces live in components/ or lib/.
  ...[
    'auth',
    'dashboard',
    'clients',
    'projects',
    'templates',
    'categories',
    'admin',
    'settings',
    'audits',
    'landing',
  ].map((feature) => ({
    files: [`web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server/**'], message: 'web/ never imports server/.' },
        {
          group: [
            '@/features/*',
            '!@/features/' + feature,
            '../../*/**',
            '!../../' + feature + '/**',
          ],
          message: 'Features do not import each other; move shared code to components/ or lib/.',
        },
      ]),
    },
  })),
)
