import Fastify, { type FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { logging } from '../../src/server/http/logging';
import { openSqliteStore } from '../../src/server/store/sqlite-store';
import { failingStore, makeTempDir, removeDir, testConfig } from './helpers';

// LOG_LEVEL decides what is written. At info and below, Fastify logs every request; at warn and
// above, requests are not timed for logs nobody writes (src/server/http/logging.ts), yet errors are
// still logged with the id of the request that met them.

let app: FastifyInstance | null = null;
let dir: string | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
  if (dir) removeDir(dir);
  dir = null;
});

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
}

async function appLoggingAt(level: string, options: { failReads?: boolean } = {}) {
  dir = makeTempDir();
  const lines: LogLine[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const dbPath = join(dir, 'maps.sqlite');
  const store = failingStore(openSqliteStore(dbPath));
  if (options.failReads) store.fail(new Error('disk on fire'), ['get']);
  app = await buildApp(testConfig(dbPath, { LOG_LEVEL: level }), { store, logStream });
  return { app, lines };
}

describe('LOG_LEVEL', () => {
  it('at info, logs each request and its answer with the request id', async () => {
    const { app, lines } = await appLoggingAt('info');
    const response = await app.inject({ method: 'GET', url: '/api/map/default' });
    expect(response.statusCode).toBe(200);
    const messages = lines.map((line) => line.msg);
    expect(messages).toContain('incoming request');
    expect(messages).toContain('request completed');
    const completed = lines.find((line) => line.msg === 'request completed')!;
    expect(completed.reqId).toEqual(expect.any(String));
  });

  it('at info, cuts a long URL to 200 characters and says how much was left out', async () => {
    const { app, lines } = await appLoggingAt('info');
    const url = `/api/map/${'a'.repeat(15_000)}`;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(400);
    const incoming = lines.find((line) => line.msg === 'incoming request') as LogLine & {
      req: { url: string };
    };
    expect(incoming.req.url).toBe(`${url.slice(0, 200)}…[${url.length - 200} more characters]`);
    const written = lines.map((line) => JSON.stringify(line)).join('\n');
    expect(written.length).toBeLessThan(2_000);
  });

  it('at info, logs a URL of 200 characters whole', async () => {
    const { app, lines } = await appLoggingAt('info');
    const url = `/api/map/${'a'.repeat(191)}`;
    expect(url).toHaveLength(200);
    await app.inject({ method: 'GET', url });
    const incoming = lines.find((line) => line.msg === 'incoming request') as LogLine & {
      req: { url: string };
    };
    expect(incoming.req.url).toBe(url);
  });

  it('at warn, writes nothing for requests that go well', async () => {
    const { app, lines } = await appLoggingAt('warn');
    for (const url of ['/api/map/default', '/api/map/no-such-map', '/healthz']) {
      await app.inject({ method: 'GET', url });
    }
    expect(lines).toEqual([]);
  });

  it('at warn, still logs an error with the id of its request', async () => {
    const { app, lines } = await appLoggingAt('warn', { failReads: true });
    const response = await app.inject({ method: 'GET', url: '/api/map/some-map-abcdefghijkl' });
    expect(response.statusCode).toBe(500);
    const errors = lines.filter((line) => line.level >= 50);
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain('disk on fire');
    expect(errors[0]!.reqId).toEqual(expect.any(String));
  });

  it('at warn, logs a request and its reply as a few fields, never their headers', async () => {
    const lines: Record<string, unknown>[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    const { options, instanceLogger } = logging('warn', undefined, logStream);
    const bare = Fastify(options);
    if (instanceLogger) bare.log = instanceLogger;
    bare.get('/', async (request, reply) => {
      request.log.warn({ req: request, res: reply }, 'look');
      return 'ok';
    });
    await bare.inject({
      method: 'GET',
      url: '/',
      headers: { authorization: 'Bearer secret', cookie: 'a=b' },
    });
    await bare.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'look',
      req: { method: 'GET', url: '/' },
      res: { statusCode: 200 },
    });
    expect(JSON.stringify(lines[0])).not.toMatch(/secret|a=b/);
  });

  it('at silent, writes nothing even for errors', async () => {
    const { app, lines } = await appLoggingAt('silent', { failReads: true });
    const response = await app.inject({ method: 'GET', url: '/api/map/some-map-abcdefghijkl' });
    expect(response.statusCode).toBe(500);
    expect(lines).toEqual([]);
  });
});
