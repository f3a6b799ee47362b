// Lint: TypeScript's recommended rules, plus the engine boundary — src/engine imports only
// its own files (no server, web, db, Node built-ins or packages): core/, presets/<name>/ and index.ts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'web/dist/**', 'data/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Node scripts (start-up helpers, the CLI entry) run as plain ES modules.
    files: ['scripts/**/*.mjs', 'bin/**/*.js'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' },
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    // Tests beside the engine may use vitest, fast-check and node:fs (they are not shipped).
    ignores: ['src/engine/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.\\.?/)', message: 'The engine imports only its own modules (no packages, no Node built-ins, nothing outside src/engine).' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'The engine has no clock (R2).' },
        { name: 'setTimeout', message: 'The engine has no clock (R2).' },
        { name: 'setInterval', message: 'The engine has no clock (R2).' },
        { name: 'process', message: 'The engine does no I/O.' },
        { name: 'require', message: 'The engine imports only its own modules.' },
        { name: 'fetch', message: 'The engine does no I/O.' },
        { name: 'crypto', message: 'The engine uses the seeded PRNG only.' },
      ],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use the seeded PRNG (rng.ts).' }],
    },
  },
  {
    // Depth keeps relative imports inside src/engine: index.ts may only look beside itself,
    // core/ and presets/ up to src/engine, presets/<name>/ up to src/engine too.
    files: ['src/engine/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\./)', message: 'src/engine/index.ts imports only its own modules.' }] }] },
  },
  {
    files: ['src/engine/core/*.ts', 'src/engine/presets/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\./|\\.\\./(?!\\.\\./))', message: 'The engine imports only its own modules (nothing outside src/engine).' }] }] },
  },
  {
    files: ['src/engine/presets/*/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\./|\\.\\./(?!\\.\\./)|\\.\\./\\.\\./(?!\\.\\./))', message: 'The engine imports only its own modules (nothing outside src/engine).' }] }] },
  },
  {
    // The tournament module is pure like the engine: its own files and the engine, nothing else.
    files: ['src/tournament/**/*.ts'],
    ignores: ['src/tournament/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.{1,2}/)', message: 'src/tournament imports only its own modules and the engine (no packages, no Node built-ins).' },
            { regex: '(^|/)(server|cli|bots|web)/', message: 'src/tournament imports only its own modules and the engine.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'The tournament module has no clock: callers pass times in.' },
        { name: 'setTimeout', message: 'The tournament module has no clock.' },
        { name: 'process', message: 'The tournament module does no I/O.' },
        { name: 'fetch', message: 'The tournament module does no I/O.' },
      ],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use the seeded PRNG (engine rng.ts).' }],
    },
  },
);
