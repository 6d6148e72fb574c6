import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ARCHITECTURE.md: the layering rules, enforced by import-x (one plugin gives both path zones and cycle detection).
const clientFeatures = fs.readdirSync('src/client/features');
const boundaries = [
  {
    target: './src/shared',
    from: ['./src/client', './src/server'],
    message: 'src/shared is used by both sides and imports neither.',
  },
  { target: './src/client', from: './src/server', message: 'The client reaches the server only over HTTP.' },
  { target: './src/server', from: './src/client', message: 'The server never imports client code.' },
  // A client feature stands alone: pages in app/routes compose features, app-wide state lives in lib/ or app/.
  ...clientFeatures.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in src/client/app/routes.',
  })),
  {
    target: ['./src/client/lib', './src/client/components'],
    from: ['./src/client/features', './src/client/app'],
    message: 'lib/ and components/ sit below the features and the app.',
  },
  {
    target: './src/server/**/*.repository.ts',
    from: ['./src/server/**/*.repository.ts', './src/server/**/*.service.ts', './src/server/**/*.routes.ts'],
    message: 'A repository holds one owner’s SQL: it imports no other repository, service or route.',
  },
];
const productionOnly = {
  target: './src',
  from: ['./src/server/testing', './e2e', './bench'],
  message: 'Production code never imports test support.',
};

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'bench/results', 'test-results', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript dependencies too, or no-cycle cannot follow them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/testing/**', '**/*.test.{ts,tsx}', 'src/client/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaries, productionOnly] }] },
  },
  {
    // Test helpers return parsed JSON bodies whose shape each test asserts.
    files: ['src/server/testing/**', '**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
