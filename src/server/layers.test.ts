import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The server's one-way layers (eslint.config.js), from the top: the process and app.ts, routes,
// pages and publishing, http and rate-limit, store, then config.ts and the other files at the
// server's root. Each row lints one import as if written in a file of that folder, with the
// repository's own ESLint configuration, as `npm run lint` does.

const eslint = new ESLint({ cwd: process.cwd() });

// The first lint loads the configuration, the TypeScript parser and the plugins: seconds on a busy
// machine, paid here once rather than by whichever row runs first.
beforeAll(() => eslint.lintText('export {};\n', { filePath: 'src/server/config.ts' }), 120_000);

/** The no-restricted-imports messages for `source` imported from a file at `filePath`. */
async function restrictions(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${source}';\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

/** Imports each layer refuses, by the file that tries them, with the reason the lint gives. */
const refused = {
  'src/server/store/sqlite-store.ts': {
    '../routes/maps': 'store is the bottom layer',
    '../process/worker': 'store is the bottom layer',
    '../app': 'store is the bottom layer',
    '../http/errors': 'store is the bottom layer',
    '../pages/published-maps': 'store is the bottom layer',
    '../rate-limit/redis': 'store is the bottom layer',
    ioredis: '',
  },
  'src/server/http/load-shedding.ts': {
    '../process/primary': 'http sits below',
    '../routes/pages': 'http sits below',
    '../pages/rendered-pages': 'http sits below',
    pg: '',
  },
  'src/server/rate-limit/redis.ts': {
    '../process/worker': 'rate-limit sits below',
    '../http/errors': 'rate-limit sits below',
    'better-sqlite3': '',
  },
  'src/server/pages/published-maps.ts': {
    '../routes/maps': 'pages and publishing sit below routes',
    '../process/primary': 'pages and publishing sit below routes',
  },
  'src/server/publishing/thread.ts': { '../routes/responses': 'pages and publishing sit below routes' },
  'src/server/routes/maps.ts': {
    '../app': 'routes sit below the process and app.ts',
    '../process/worker': 'routes sit below the process and app.ts',
    '../../client/page-data': '',
  },
};

/** Imports that follow the layers, by the file that makes them. */
const allowed = {
  'src/server/app.ts': ['./routes/maps', './process/worker', './store/map-store', './http/errors'],
  'src/server/process/worker.ts': ['../app', '../cluster-messages', '../store/open-store'],
  'src/server/routes/maps.ts': [
    '../pages/published-maps',
    '../http/errors',
    '../store/map-store',
    '../config',
  ],
  'src/server/pages/published-maps.ts': ['../store/map-store', '../http/errors', '../../domain/map-id'],
  'src/server/http/errors.ts': ['../store/map-store', '../once-a-minute', '../config'],
  'src/server/rate-limit/shared-buckets.ts': ['../cluster-messages', './buckets', 'ioredis'],
  'src/server/store/sqlite-store.ts': ['./map-store', '../once-a-minute', '../config', 'better-sqlite3'],
};

describe('server layers (lint)', () => {
  const refusals = Object.entries(refused).flatMap(([file, imports]) =>
    Object.entries(imports).map(([source, reason]) => ({ file, source, reason })),
  );
  it.each(refusals)('refuses, in $file, an import of $source', async ({ file, source, reason }) => {
    const messages = await restrictions(file, source);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(reason);
  });

  const permitted = Object.entries(allowed).flatMap(([file, sources]) =>
    sources.map((source) => ({ file, source })),
  );
  it.each(permitted)('allows, in $file, an import of $source', async ({ file, source }) => {
    expect(await restrictions(file, source)).toEqual([]);
  });
});
