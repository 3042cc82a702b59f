import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', URL: 'readonly', performance: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', AbortController: 'readonly', fetch: 'readonly', Response: 'readonly', Request: 'readonly', Headers: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly', setImmediate: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Program extensions are read through the ProgramProfile (core/engine/package/program-profile.ts), checked and
    // typed once: nothing else reads `spec.extensions.<name>` (issue #26).
    files: ['core/**/*.ts', 'adapters/**/*.ts', 'composition/**/*.ts'],
    ignores: ['core/engine/package/program-profile.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.type='MemberExpression'][object.property.name='extensions']", message: 'read program extensions through the ProgramProfile (spec.profile), not spec.extensions' }],
    },
  },
  {
    // The core is pure: it must never reach into an adapter.
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/adapters/**'], message: 'core must not import adapters; depend on a port instead.' }, { group: ['node:fs', 'node:fs/*', 'fs', 'node:net', 'node:http', 'ioredis', 'h3'], message: 'core/domain is pure; do I/O in an adapter behind a port.' }] }],
    },
  },
);
