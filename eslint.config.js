import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import drizzle from 'eslint-plugin-drizzle'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const restrict = (patterns) => ['error', { patterns }]

// The server's layers (decision 011): routes parse and reply, services own a use case, repos hold
// the queries of one table. Each layer's files may not reach past the next one down.
const neverWeb = { group: ['**/web/**', '@/*'], message: 'server/ never imports web/.' }
const serverLayers = [
  {
    files: ['server/modules/**/*.routes.ts'],
    patterns: [
      neverWeb,
      {
        group: ['**/*.repo', '**/db/**', 'drizzle-orm', 'drizzle-orm/*'],
        message: 'Routes call services; queries live in repos (decision 011).',
      },
    ],
  },
  {
    files: ['server/modules/**/*.service.ts'],
    patterns: [
      neverWeb,
      { group: ['**/*.routes'], message: 'Services never import routes (decision 011).' },
      {
        group: ['**/plugins/**'],
        message: 'Services take a Principal, never the HTTP request (decision 011).',
      },
    ],
  },
  {
    files: ['server/modules/**/*.repo.ts'],
    patterns: [
      neverWeb,
      {
        group: ['**/*.service', '**/*.routes', '**/plugins/**', 'fastify'],
        message: 'A repo holds queries only: no services, routes or HTTP (decision 011).',
      },
      { group: ['./*.repo', '../*/*.repo'], message: 'A repo does not call another repo.' },
    ],
  },
]

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
      'no-restricted-imports': restrict([neverWeb]),
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  ...serverLayers.map(({ files, patterns }) => ({
    files,
    rules: { 'no-restricted-imports': restrict(patterns) },
  })),
  // No import cycles anywhere (a cycle is how layers quietly stop being layers).
  {
    files: ['server/**/*.ts', 'shared/**/*.ts', 'web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          tsconfig: { configFile: new URL('./tsconfig.json', import.meta.url).pathname },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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
  // Features do not reach into each other: only a feature's public index (index.ts) is open.
  // Every folder of web/features, so that a new feature cannot escape the rule.
  ...readdirSync(new URL('./web/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .map((feature) => ({
      files: [`web/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': restrict([
          { group: ['**/server/**'], message: 'web/ never imports server/.' },
          {
            group: ['@/features/*/**', '../../*/**', '!../../' + feature + '/**'],
            message:
              'Features use each other only through their public index (@/features/<name>); move shared code to components/ or lib/.',
          },
        ]),
      },
    })),
)
