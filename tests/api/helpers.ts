import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildApp } from '../../src/server/app';
import { parseConfig, type Config } from '../../src/server/config';
import type { RenderPreview } from '../../src/server/pages/preview-images';
import type { MapStore } from '../../src/server/store/map-store';
import { openSqliteStore } from '../../src/server/store/sqlite-store';

// Shared by the API tests: the real app (buildApp) on a real SQLite file in a temporary folder,
// configured through the real parseConfig, with a clock the tests move. No mocks.

export const dayMs = 24 * 60 * 60 * 1000;
export const lifetimeMs = 90 * dayMs;

/** A fresh folder under the system temp folder; remove it with `removeDir`. */
export function makeTempDir(): string {
  return mkdtempSync(join(tmpdir(), 'belief-map-api-'));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Parses `env` as the process would. Tests run with logging silenced, the sweep and the rate
 * limit off unless they set them, and load shedding off too: it measures the whole process, and
 * here one test process runs hundreds of servers, and their tests, one after another.
 */
export function testConfig(
  dbPath: string,
  env: Record<string, string> = {},
  clientDir: string | null = null,
): Config {
  const parsed = parseConfig(
    {
      LOG_LEVEL: 'silent',
      SWEEP_INTERVAL_MS: '0',
      CREATE_RATE_LIMIT: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_HEAP_USED_BYTES: '0',
      MAX_RSS_BYTES: '0',
      DATABASE_URL: `sqlite:${dbPath}`,
      ...env,
    },
    clientDir,
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** A clock the tests set and move; `now` is what the app reads. */
export interface TestClock {
  now: () => Date;
  set(time: Date | number): void;
  advance(ms: number): void;
}

export function testClock(start: Date | number = Date.parse('2026-11-20T10:00:00.000Z')): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (time) => {
      current = new Date(time).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  /** The store the app uses (a wrapper when `wrapStore` was given). */
  store: MapStore;
  dbPath: string;
  config: Config;
  clock: TestClock;
  /** Closes the app (and with it the store), then removes the folder if this server made it. */
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  /** An existing database file; by default a new one in a new temporary folder. */
  dbPath?: string;
  clock?: TestClock;
  /** Puts a wrapper (e.g. `failingStore`) between the app and the real SQLite store. */
  wrapStore?: (store: MapStore) => MapStore;
  /** Pino options to see what the app logs; silent by default. */
  logger?: boolean | object;
  /** Serve a client folder like the build's (writeClientDir) beside the API. */
  client?: boolean;
  /** Draws the link-preview pictures instead of the real renderer (e.g. to count renders). */
  renderPreview?: RenderPreview;
}

/** The index.html of writeClientDir: a title, a description and the one script. */
const clientTemplate = `<!doctype html>
<html lang="en">
  <head>
    <title>Belief Map</title>
    <meta name="description" content="Generic" />
    <script type="module" src="/assets/main-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The script of writeClientDir, long enough to be worth compressing. */
const clientScript = 'export const x = 1;\n'.repeat(100);

/** The script's source map, which the build writes beside it for tools, never to be served. */
const clientSourceMap = JSON.stringify({
  version: 3,
  sources: ['src/secret-source.ts'],
  mappings: '',
});

/**
 * Writes a client folder like the build's under `dir` and returns it: index.html, a hashed
 * script with its gzip and brotli copies, its source map (with copies too) and a build manifest (as
 * builds left them in the folder once), robots.txt and the icon; and, beside the folder (so outside what may be served), a
 * secret.txt.
 */
function writeClientDir(dir: string): string {
  const clientDir = join(dir, 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), clientTemplate);
  writeFileSync(join(clientDir, 'assets', 'main-abc123.js'), clientScript);
  writeFileSync(join(clientDir, 'assets', 'main-abc123.js.gz'), gzipSync(clientScript));
  writeFileSync(join(clientDir, 'assets', 'main-abc123.js.br'), brotliCompressSync(clientScript));
  writeFileSync(join(clientDir, 'assets', 'main-abc123.js.map'), clientSourceMap);
  writeFileSync(join(clientDir, 'assets', 'main-abc123.js.map.gz'), gzipSync(clientSourceMap));
  writeFileSync(join(clientDir, 'assets', 'main-abc123.js.map.br'), brotliCompressSync(clientSourceMap));
  mkdirSync(join(clientDir, '.vite'));
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify({ secret: 'secret-source' }));
  writeFileSync(join(clientDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'secret.txt'), 'outside the client folder');
  return clientDir;
}

export async function startServer(options: TestServerOptions = {}): Promise<TestServer> {
  const ownDir = options.dbPath ? null : makeTempDir();
  const dbPath = options.dbPath ?? join(ownDir!, 'maps.sqlite');
  const config = testConfig(dbPath, options.env, options.client ? writeClientDir(join(dbPath, '..')) : null);
  if (config.database.kind !== 'sqlite') throw new Error('API tests run on SQLite');
  const sqlite = openSqliteStore(config.database.path);
  const store = options.wrapStore ? options.wrapStore(sqlite) : sqlite;
  const clock = options.clock ?? testClock();
  const app = await buildApp(config, {
    store,
    now: clock.now,
    logger: options.logger ?? false,
    ...(options.renderPreview ? { renderPreview: options.renderPreview } : {}),
  });
  return {
    app,
    store,
    dbPath,
    config,
    clock,
    close: async () => {
      await app.close();
      if (ownDir) removeDir(ownDir);
    },
  };
}

/**
 * The app over `store` (PostgreSQL, or a store a test wraps itself), configured by `env` as
 * testConfig does. The caller closes it.
 */
export function appOnStore(store: MapStore, env: Record<string, string> = {}): Promise<FastifyInstance> {
  return buildApp(testConfig(':memory:', env), { store, logger: false });
}

/**
 * Starts servers for the tests of a file, each closed at the end of the test that started it:
 * `const start = serverPerTest();` at the top, then `const server = await start(options)`.
 */
export function serverPerTest(): (options?: TestServerOptions) => Promise<TestServer> {
  const started: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.close()));
  });
  return async (options) => {
    const server = await startServer(options);
    started.push(server);
    return server;
  };
}

/**
 * One server for all the tests of a file (or of the describe block it is called in), started
 * before the first and closed after the last. Its fields are there from the first test on.
 */
export function serverForFile(options?: TestServerOptions): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startServer(options));
  });
  afterAll(() => server.close());
  return server;
}

/** Listens on a free port of 127.0.0.1 and resolves to the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** Counts the stored maps by reading the SQLite file itself, read-only, beside the app. */
export function countStoredMaps(dbPath: string): number {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM maps').get()!.n;
  } finally {
    db.close();
  }
}

export interface ReasonInput {
  id: string;
  title: string;
  relevance: string | null;
  belief: string | null;
  support: string | null;
  [extra: string]: unknown;
}

export function reason(overrides: Partial<ReasonInput> = {}): ReasonInput {
  return {
    id: randomUUID(),
    title: 'Fewer cars pass the school',
    relevance: 'Children cycle to the school on this street.',
    belief: 'agree',
    support: 'strong-support',
    ...overrides,
  };
}

/** A publish request the API accepts, with `data` fields overridden as given. */
export function mapRequest(data: Record<string, unknown> = {}): {
  version: string;
  published: string;
  data: Record<string, unknown>;
} {
  return {
    version: '1.0',
    published: '2001-02-03T04:05:06.000Z',
    data: {
      title: 'More bike lanes on Main Street',
      description: 'Should the parking lane become a protected bike lane?',
      reasons: [reason(), reason({ title: 'Shops lose parking', belief: 'neutral', support: 'disconfirm' })],
      ...data,
    },
  };
}

/** POST /api/map/create with `body` as JSON (a string is sent as is). */
export function publish(
  app: FastifyInstance,
  body: unknown,
  init: Omit<InjectOptions, 'method' | 'url' | 'payload'> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/map/create',
    headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

/** Publishes `body`, expects success, and returns the new id. */
export async function publishOk(app: FastifyInstance, body: unknown = mapRequest()): Promise<string> {
  const response = await publish(app, body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { mapId: string } }).data.mapId;
}

export function getMap(
  app: FastifyInstance,
  id: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `/api/map/${id}`, headers });
}

/** Expects the API's error shape, `{ status: "error", message }`, with `status` and a matching message. */
export function expectError(
  response: LightMyRequestResponse,
  status: number,
  message: RegExp | string,
): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as { status: string; message: string };
  expect(Object.keys(body).sort()).toEqual(['message', 'status']);
  expect(body.status).toBe('error');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

/**
 * A server, started by `start`, on a store that fails on demand (failingStore), and the lines it
 * logs at warn and above.
 */
export async function startFailingServer(
  start: (options?: TestServerOptions) => Promise<TestServer>,
): Promise<{ server: TestServer; store: FailingStore; logs: string[] }> {
  let store: FailingStore | null = null;
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const server = await start({
    wrapStore: (inner) => (store = failingStore(inner)),
    logger: { level: 'warn', stream },
  });
  return { server, store: store!, logs };
}

/** A store that passes every call to `inner` until `fail` is given an error to throw instead. */
export interface FailingStore extends MapStore {
  fail(error: Error | null, methods?: readonly (keyof MapStore)[]): void;
}

export function failingStore(inner: MapStore): FailingStore {
  let failure: Error | null = null;
  let failing: ReadonlySet<keyof MapStore> = new Set();
  const guard = (method: keyof MapStore) => {
    if (failure && failing.has(method)) throw failure;
  };
  return {
    async get(id, now) {
      guard('get');
      return inner.get(id, now);
    },
    async *mapSet(ids, now, whole) {
      guard('mapSet');
      yield* inner.mapSet(ids, now, whole);
    },
    async publish(map, newId) {
      guard('publish');
      return inner.publish(map, newId);
    },
    async responses(baseId, now, after, limit) {
      guard('responses');
      return inner.responses(baseId, now, after, limit);
    },
    async responsesOf(baseIds, now, limit) {
      guard('responsesOf');
      return inner.responsesOf(baseIds, now, limit);
    },
    async authorKeyOf(id, now) {
      guard('authorKeyOf');
      return inner.authorKeyOf(id, now);
    },
    async hideResponse(baseId, responseId, now) {
      guard('hideResponse');
      return inner.hideResponse(baseId, responseId, now);
    },
    async deleteExpired(now) {
      guard('deleteExpired');
      return inner.deleteExpired(now);
    },
    async ping() {
      guard('ping');
      return inner.ping();
    },
    close: () => inner.close(),
    fail(error, methods = ['get', 'publish', 'deleteExpired', 'ping']) {
      failure = error;
      failing = new Set(methods);
    },
  };
}
