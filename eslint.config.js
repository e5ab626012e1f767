import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Imports flow one way (CONTRIBUTING.md): domain imports neither client nor server, and the two
// never import each other; only server/store touches a database driver, and only
// server/rate-limit touches Redis.
//
// Inside the client, layers import only from the layers below them:
//   components, lib  <-  draft/storage  <-  draft  <-  pages  <-  app  (<- main.tsx, mount.tsx)
// and a page never imports another page. `draft/` is the draft editor (its store, history,
// commands and open form); `draft/storage/` is where drafts and maps are read and written (local
// storage, a host's functions, the API), and knows nothing of the editor above it. Client imports
// are relative, so a rule matches the layer folder an import climbs into (`../app/App`,
// `../../draft/store`); src/client/layers.test.ts proves that a wrong import fails `npm run lint`.
const clientWide = [{ group: ['**/server/**', 'node:*', 'better-sqlite3', 'pg'] }];

/** `patterns` for no-restricted-imports: the client-wide ones, and no import into `layers`. */
function forbidLayers(layers, why) {
  return [
    ...clientWide,
    {
      regex: `^(\\.\\./)+(${layers.join('|')})(/|$)`,
      message: `${why} (one-way layers: see eslint.config.js).`,
    },
  ];
}

function clientLayers() {
  const rule = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
  return [
    rule(['src/client/**'], clientWide),
    rule(
      ['src/client/lib/**', 'src/client/components/**'],
      forbidLayers(['draft', 'pages', 'app'], 'components and lib are the bottom layer'),
    ),
    rule(['src/client/draft/**'], forbidLayers(['pages', 'app'], 'draft sits below pages and app')),
    rule(
      ['src/client/draft/storage/*.{ts,tsx}'],
      [
        ...forbidLayers(['draft', 'pages', 'app'], 'draft/storage sits below the rest of draft'),
        {
          regex: '^\\.\\./(?!storage/)[^./]',
          message: 'draft/storage sits below the rest of draft (one-way layers: see eslint.config.js).',
        },
      ],
    ),
    rule(
      ['src/client/pages/**'],
      [
        ...forbidLayers(['app', 'pages'], 'pages sit below app'),
        {
          regex: '^\\.\\./[^./]',
          message: 'A page never imports another page: move what both need to components or draft.',
        },
      ],
    ),
  ];
}

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
    files: ['**/*.mjs', 'src/client/theme.js'],
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
  ...clientLayers(),
  {
    // No import cycle, lazy imports included: a cycle makes the order modules run in depend on
    // which one is imported first, and splits chunks badly. src/client/layers.test.ts proves it.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...serverLayers(),
);

/**
 * The server's folders import only from the folders below them (src/server/layers.test.ts proves
 * it), from the top:
 *   main.ts, app.ts, process/ (start, workers, stop)
 *   routes/ (handlers a screen long)
 *   pages/ (rendered pages, the cache of published maps), publishing/
 *   http/ (headers, errors, bodies, limits), rate-limit/
 *   store/ (the MapStore interface, SQLite, PostgreSQL, migrations)
 *   config.ts, once-a-minute.ts, cluster-messages.ts (what the primary and its workers tell each other), and src/domain
 * Only store/ touches a database driver and only rate-limit/ touches Redis.
 */
function serverLayers() {
  const drivers = ['better-sqlite3', 'pg', 'ioredis'];
  const above = (folders, why) => ({
    regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`,
    message: `${why} (one-way layers: see eslint.config.js).`,
  });
  const rule = (files, patterns, ignores = []) => ({
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**', ...patterns.filter((p) => typeof p === 'string')] },
            ...patterns.filter((p) => typeof p !== 'string'),
          ],
        },
      ],
    },
  });
  const top = ['app', 'main', 'process'];
  return [
    rule(['src/server/**'], drivers, ['src/server/store/**', 'src/server/rate-limit/**']),
    rule(['src/server/routes/**'], [...drivers, above(top, 'routes sit below the process and app.ts')]),
    rule(
      ['src/server/pages/**', 'src/server/publishing/**'],
      [...drivers, above([...top, 'routes'], 'pages and publishing sit below routes and the process')],
    ),
    rule(
      ['src/server/http/**'],
      [
        ...drivers,
        above(
          [...top, 'routes', 'pages', 'publishing', 'rate-limit'],
          'http sits below pages, publishing, routes and the process, beside rate-limit',
        ),
      ],
    ),
    rule(
      ['src/server/rate-limit/**'],
      [
        'better-sqlite3',
        'pg',
        above(
          [...top, 'routes', 'pages', 'publishing', 'http'],
          'rate-limit sits below pages, publishing, routes and the process, beside http',
        ),
      ],
    ),
    rule(
      ['src/server/store/**'],
      [
        'ioredis',
        above([...top, 'routes', 'pages', 'publishing', 'http', 'rate-limit'], 'store is the bottom layer'),
      ],
    ),
  ];
}
