import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startExpirySweep } from '../../src/server/store/expiry-sweep';
import {
  countStoredMaps,
  dayMs,
  expectError,
  failingStore,
  getMap,
  lifetimeMs,
  mapRequest,
  publishOk,
  serverPerTest,
  type FailingStore,
} from './helpers';

// PRODUCT §8.3: published maps are deleted 90 days after `published`; an expired map is never
// served, even before the sweep removes it. The app's clock is moved, never the real one.

const startServer = serverPerTest();
let stopSweep: (() => void) | null = null;
afterEach(() => {
  stopSweep?.();
  stopSweep = null;
});

/** A server with one map published now; `at` is when. */
async function startWithMap(map?: unknown) {
  const server = await startServer();
  const at = server.clock.now().getTime();
  return { server, at, id: await publishOk(server.app, map) };
}

describe('reading around the 90-day boundary', () => {
  it('serves a map until just before 90 days and answers 404 from 90 days on', async () => {
    const { server, at: publishedAt, id } = await startWithMap();
    server.clock.set(publishedAt + 89 * dayMs);
    expect((await getMap(server.app, id)).statusCode).toBe(200);

    server.clock.set(publishedAt + lifetimeMs - 1);
    const last = await getMap(server.app, id);
    expect(last.statusCode).toBe(200);
    expect(last.headers['cache-control']).toBe('public, max-age=0, immutable');

    server.clock.set(publishedAt + lifetimeMs);
    expectError(await getMap(server.app, id), 404, /does not exist or has expired/);
    server.clock.set(publishedAt + lifetimeMs + 1);
    expectError(await getMap(server.app, id), 404, /does not exist or has expired/);
    // Expired but not yet swept: the row is still there, and still never served.
    expect(countStoredMaps(server.dbPath)).toBe(1);
    // A 304 must not revive it either.
    const etag = last.headers.etag as string;
    expect((await getMap(server.app, id, { 'if-none-match': etag })).statusCode).toBe(404);
  });

  it('counts 90 days from the server’s publishing time, not the client’s', async () => {
    const {
      server,
      at: publishedAt,
      id,
    } = await startWithMap({
      version: '1.0',
      published: '2001-01-01T00:00:00.000Z',
      data: { title: 'Backdated', description: null, reasons: [] },
    });
    server.clock.set(publishedAt + lifetimeMs - 1000);
    expect((await getMap(server.app, id)).statusCode).toBe(200);
  });
});

describe('store.deleteExpired', () => {
  it('deletes exactly the maps expired at the given time', async () => {
    const { server, at: start, id: older } = await startWithMap();
    server.clock.set(start + 10 * dayMs);
    const newer = await publishOk(server.app);
    expect(countStoredMaps(server.dbPath)).toBe(2);

    expect(await server.store.deleteExpired(new Date(start + lifetimeMs - 1))).toBe(0);
    expect(countStoredMaps(server.dbPath)).toBe(2);

    expect(await server.store.deleteExpired(new Date(start + lifetimeMs))).toBe(1);
    expect(countStoredMaps(server.dbPath)).toBe(1);
    server.clock.set(start + lifetimeMs);
    expect((await getMap(server.app, older)).statusCode).toBe(404);
    expect((await getMap(server.app, newer)).statusCode).toBe(200);

    expect(await server.store.deleteExpired(new Date(start + 10 * dayMs + lifetimeMs))).toBe(1);
    expect(countStoredMaps(server.dbPath)).toBe(0);
    // Going back in time does not bring a deleted map back.
    server.clock.set(start);
    expect((await getMap(server.app, older)).statusCode).toBe(404);
  });
});

describe('the expiry sweep', () => {
  // The sweep's timer is faked: each test moves it by exactly the intervals it needs.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  /** Runs the sweeps due in the next `ms` of the sweep's timer, and lets each finish. */
  const sweepFor = (ms: number) => vi.advanceTimersByTimeAsync(ms);

  it('deletes expired maps at once and then every interval', async () => {
    const server = await startServer();
    const start = server.clock.now().getTime();
    await publishOk(server.app);
    server.clock.set(start + lifetimeMs);
    stopSweep = startExpirySweep(server.store, 20, server.clock.now, server.app.log);
    await sweepFor(0);
    expect(countStoredMaps(server.dbPath)).toBe(0);

    // A map that expires between runs is removed by the next run, not before.
    server.clock.set(start + 2 * lifetimeMs);
    await publishOk(server.app);
    server.clock.set(start + 3 * lifetimeMs);
    await sweepFor(19);
    expect(countStoredMaps(server.dbPath)).toBe(1);
    await sweepFor(1);
    expect(countStoredMaps(server.dbPath)).toBe(0);
  });

  it('keeps maps that have not expired', async () => {
    const server = await startServer();
    await publishOk(server.app);
    server.clock.advance(lifetimeMs - 1);
    stopSweep = startExpirySweep(server.store, 10, server.clock.now, server.app.log);
    await sweepFor(100);
    expect(countStoredMaps(server.dbPath)).toBe(1);
  });

  it('removes responses with their maps, and their base stops listing them (PRODUCT §5.6)', async () => {
    const server = await startServer();
    const start = server.clock.now().getTime();
    const base = await publishOk(server.app);
    server.clock.advance(10 * dayMs);
    const answer = await publishOk(server.app, { ...mapRequest(), basedOn: base, listed: true });
    const responsesOf = async () =>
      (await server.app.inject({ url: `/api/map/${base}/responses` })).json() as {
        data: { responses: { mapId: string }[] };
      };
    expect((await responsesOf()).data.responses.map((r) => r.mapId)).toEqual([answer]);

    // The base expires first; its answer outlives it and still says what it answered.
    server.clock.set(start + lifetimeMs);
    stopSweep = startExpirySweep(server.store, 20, server.clock.now, server.app.log);
    await sweepFor(0);
    expect(countStoredMaps(server.dbPath)).toBe(1);
    expect((await getMap(server.app, answer)).json()).toMatchObject({ basedOn: base });

    server.clock.set(start + 10 * dayMs + lifetimeMs);
    await sweepFor(20);
    expect(countStoredMaps(server.dbPath)).toBe(0);
    expect((await getMap(server.app, answer)).statusCode).toBe(404);
  });

  it('does nothing with an interval of 0', async () => {
    const server = await startServer();
    await publishOk(server.app);
    server.clock.advance(2 * lifetimeMs);
    stopSweep = startExpirySweep(server.store, 0, server.clock.now, server.app.log);
    await sweepFor(60 * 60 * 1000);
    expect(countStoredMaps(server.dbPath)).toBe(1);
  });

  it('survives a failing run and deletes on the next', async () => {
    let store: FailingStore | null = null;
    const server = await startServer({ wrapStore: (inner) => (store = failingStore(inner)) });
    await publishOk(server.app);
    server.clock.advance(lifetimeMs);
    store!.fail(new Error('disk I/O error'), ['deleteExpired']);
    stopSweep = startExpirySweep(server.store, 20, server.clock.now, server.app.log);
    await sweepFor(40);
    expect(countStoredMaps(server.dbPath)).toBe(1);
    store!.fail(null);
    await sweepFor(20);
    expect(countStoredMaps(server.dbPath)).toBe(0);
  });

  it('stops when told to', async () => {
    const server = await startServer();
    const stop = startExpirySweep(server.store, 20, server.clock.now, server.app.log);
    await sweepFor(0);
    stop();
    await publishOk(server.app);
    server.clock.advance(lifetimeMs);
    await sweepFor(100);
    expect(countStoredMaps(server.dbPath)).toBe(1);
  });
});
