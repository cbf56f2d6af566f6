import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', '**/api-types.d.ts', 'sdk/src/generated/**', '.data/**', 'coverage/**', 'tmp.local/**', '.dependency-cruiser.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', performance: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', document: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'error',
      // Data is never code: a string given to replace() reads $&, $` and $' in it as patterns (a title with
      // "$'" once rewrote a server-rendered page). A replacement is a literal written here, or a function.
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.property.name=/^replace(All)?$/][arguments.1.type!='Literal'][arguments.1.type!='ArrowFunctionExpression'][arguments.1.type!='FunctionExpression']",
        message: 'Give replace() a function (() => value) or a literal: a replacement string built from data reads $&, $` and $\' as patterns.',
      }],
    },
  },
  {
    files: ['domain/src/**/*.ts', 'application/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@mikro-orm/*', 'express', 'inversify', 'firebase-admin', 'firebase-admin/*', 'pg', 'pino', 'sharp'], message: 'The inner layers talk to the world through ports only.' }] }],
    },
  },
);
