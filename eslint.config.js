import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Imports flow one way (STYLE.md): domain imports neither client nor server, and the two never
// import each other; only server/store touches a database driver, and only server/rate-limit
// touches Redis.
export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'coverage/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.mjs', 'src/client/public/**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
      },
    },
  },
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/client/**', '**/server/**', 'node:*', 'react', 'react-dom', 'fastify'] },
      ],
    },
  },
  {
    files: ['src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['**/server/**', 'node:*', 'better-sqlite3', 'pg'],
          // The app has its own small router (first-load budget, PRODUCT §9).
          paths: [{ name: 'react-router', message: 'Import from src/client/lib/router instead.' }],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    ignores: ['src/server/store/**', 'src/server/rate-limit/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/client/**', 'better-sqlite3', 'pg', 'ioredis'] }],
    },
  },
  {
    files: ['src/server/rate-limit/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/client/**', 'better-sqlite3', 'pg'] }],
    },
  },
);
