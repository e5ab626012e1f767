import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  IdExhaustedError,
  maxIdAttempts,
  type MapStore,
  type NewMap,
} from '../../src/server/store/map-store';
import { responseSummaryColumns } from '../../src/domain/response-summary';
import { dropPostgresSchema, openPostgresStore } from '../../src/server/store/postgres-store';
import { openSqliteStore } from '../../src/server/store/sqlite-store';
import { serviceUrl } from '../support/services';

// One contract suite, run against every MapStore alike, so the routes can rely on
// the interface and not on one database's quirks.

const postgresUrl = serviceUrl('TEST_DATABASE_URL', 'PostgreSQL store tests');

/** A fresh, empty database; `open` may be called several times to open stores on the same one. */
interface Database {
  open(): Promise<MapStore>;
}

interface Backend {
  name: string;
  skip: boolean;
  fresh(): Database;
  /** Removes every database this run made. */
  cleanup(): Promise<void>;
}

function sqliteBackend(): Backend {
  let dir: string | null = null;
  let count = 0;
  return {
    name: 'SQLite',
    skip: false,
    fresh() {
      dir ??= mkdtempSync(join(tmpdir(), 'belief-map-contract-'));
      const path = join(dir, `store-${++count}.sqlite`);
      return { open: async () => openSqliteStore(path) };
    },
    async cleanup() {
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresBackend(url: string | undefined): Backend {
  // Every test gets its own schema under this run's random prefix, so runs never see each other.
  const run = `contract_${randomBytes(5).toString('hex')}`;
  const schemas: string[] = [];
  return {
    name: 'PostgreSQL',
    skip: !url,
    fresh() {
      const schema = `${run}_${schemas.length + 1}`;
      schemas.push(schema);
      return { open: () => openPostgresStore(url!, { schema }) };
    },
    async cleanup() {
      for (const schema of schemas) await dropPostgresSchema(url!, schema);
    },
  };
}

const now = new Date('2026-03-01T12:00:00.000Z');
const day = 24 * 60 * 60 * 1000;

function newMap(overrides: Partial<NewMap> = {}): NewMap {
  return {
    published: now.toISOString(),
    expiresAt: now.getTime() + 90 * day,
    dataJson: JSON.stringify({ title: 'Bike lanes on Main Street', description: null, reasons: [] }),
    ...overrides,
  };
}

let idCount = 0;
/** Ids that never repeat within a run, shaped like the server's. */
function uniqueId(): string {
  return `contract-${(++idCount).toString(36)}-${randomBytes(6).toString('hex')}`;
}

/** An id generator that offers `ids` in order, then fresh ones; counts its calls. */
function offering(...ids: string[]) {
  const generator = Object.assign(
    () => (generator.calls++ < ids.length ? ids[generator.calls - 1]! : uniqueId()),
    {
      calls: 0,
    },
  );
  return generator;
}

function defineContract(backend: Backend): void {
  describe.skipIf(backend.skip)(`MapStore contract: ${backend.name}`, () => {
    const opened: MapStore[] = [];
    const open = async (database: Database) => {
      const store = await database.open();
      opened.push(store);
      return store;
    };
    const freshStore = () => open(backend.fresh());

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });
    afterAll(() => backend.cleanup());

    it('answers null for an id it does not hold', async () => {
      const store = await freshStore();
      expect(await store.get('no-such-map-k3j9x2m7qa1b', now)).toBeNull();
    });

    it('returns a published map exactly as it was stored', async () => {
      const store = await freshStore();
      // Unicode, quotes and a long text must come back byte for byte: it is answered as is.
      const dataJson = JSON.stringify({
        title: 'Rad­wege „jetzt“ 🚲',
        description: 'x'.repeat(100_000),
        reasons: [],
      });
      const map = newMap({ published: '2026-03-01T12:00:00.123Z', expiresAt: 1_780_000_000_123, dataJson });
      const id = await store.publish(map, uniqueId);
      expect(await store.get(id, now)).toEqual({ id, ...map, basedOn: null, authorKeyHash: null });
    });

    it('keeps every kind of JSON text byte for byte, several maps in one commit', async () => {
      const store = await freshStore();
      // Escapes a database could decode or re-encode on the way: control characters, NUL, a lone
      // surrogate, backslashes and quotes, and characters outside the Basic Multilingual Plane.
      const texts = [
        'tab\there\nnewline',
        'NUL \u0000 and bell \u0007',
        'lone surrogate \ud800 and pair 🚲',
        'back\\slash "quoted" \\"',
        '[1, {"a": 2}]',
      ];
      const maps = texts.map((title) =>
        newMap({ dataJson: JSON.stringify({ title, description: null, reasons: [] }) }),
      );
      const ids = await Promise.all(maps.map((map) => store.publish(map, uniqueId)));
      for (const [i, id] of ids.entries()) {
        expect((await store.get(id, now))?.dataJson).toBe(maps[i]!.dataJson);
      }
    });

    it('[N16] reads a set in order of id, in brief or whole, leaving out unknown and expired maps', async () => {
      const store = await freshStore();
      const data = (title: string) => ({
        title,
        description: 'First line.\nSecond line.',
        reasons: [
          {
            id: '6f1c1c0e-8b1a-4c53-9a0e-1d2b3c4d5e6f',
            title: 'A reason',
            relevance: 'A long text',
            belief: 'agree',
            support: null,
          },
        ],
      });
      const published = await Promise.all(
        ['A', 'B', 'C'].map(async (title) => {
          const map = newMap({ dataJson: JSON.stringify(data(title)) });
          return { id: await store.publish(map, uniqueId), map };
        }),
      );
      const goneId = await store.publish(newMap({ expiresAt: now.getTime() }), uniqueId);
      const sorted = [...published].sort((x, y) => (x.id < y.id ? -1 : 1));
      const ids = [...sorted.map((p) => p.id), goneId, 'no-such-map-k3j9x2m7qa1b'].sort();
      const whole = new Set([sorted[1]!.id]);
      const items = [];
      for await (const item of store.mapSet(ids, now, whole)) items.push(item);
      expect(items.map((item) => item.id)).toEqual(sorted.map((p) => p.id));
      for (const [n, item] of items.entries()) {
        const { map } = sorted[n]!;
        expect(item).toMatchObject({ published: map.published, expiresAt: map.expiresAt, basedOn: null });
        if (n === 1) {
          expect(item.whole).toBe(true);
          expect(item.json.toString()).toBe(map.dataJson);
        } else {
          expect(item.whole).toBe(false);
          expect(JSON.parse(item.json.toString())).toEqual({
            title: JSON.parse(map.dataJson).title,
            description: 'First line.',
            reasons: [
              {
                id: '6f1c1c0e-8b1a-4c53-9a0e-1d2b3c4d5e6f',
                title: 'A reason',
                belief: 'agree',
                support: null,
              },
            ],
          });
        }
      }
      const none = [];
      for await (const item of store.mapSet([], now, new Set())) none.push(item);
      expect(none).toEqual([]);
    });

    it('never returns a map once it has expired, even before it is deleted', async () => {
      const store = await freshStore();
      const expiresAt = now.getTime() + day;
      const id = await store.publish(newMap({ expiresAt }), uniqueId);
      expect(await store.get(id, new Date(expiresAt - 1))).not.toBeNull();
      expect(await store.get(id, new Date(expiresAt))).toBeNull();
      expect(await store.get(id, new Date(expiresAt + day))).toBeNull();
    });

    it('deleteExpired deletes exactly the expired maps and counts them', async () => {
      const store = await freshStore();
      const expired = await Promise.all(
        [-day, -1, 0].map((offset) => store.publish(newMap({ expiresAt: now.getTime() + offset }), uniqueId)),
      );
      const live = await Promise.all(
        [1, day].map((offset) => store.publish(newMap({ expiresAt: now.getTime() + offset }), uniqueId)),
      );

      expect(await store.deleteExpired(now)).toBe(expired.length);
      expect(await store.deleteExpired(now)).toBe(0);
      const earlier = new Date(now.getTime() - 2 * day);
      for (const id of expired) expect(await store.get(id, earlier)).toBeNull();
      for (const id of live) expect(await store.get(id, now)).not.toBeNull();
    });

    it('retries with the next id when the first one is taken, leaving the existing map alone', async () => {
      const store = await freshStore();
      const taken = await store.publish(newMap({ dataJson: '{"first":true}' }), uniqueId);
      const newId = offering(taken);

      const id = await store.publish(newMap({ dataJson: '{"second":true}' }), newId);

      expect(id).not.toBe(taken);
      expect(newId.calls).toBe(2);
      expect((await store.get(taken, now))?.dataJson).toBe('{"first":true}');
      expect((await store.get(id, now))?.dataJson).toBe('{"second":true}');
    });

    it(`throws IdExhaustedError after ${maxIdAttempts} colliding ids`, async () => {
      const store = await freshStore();
      const taken = await store.publish(newMap(), uniqueId);
      const newId = offering(...Array<string>(maxIdAttempts + 1).fill(taken));

      await expect(store.publish(newMap(), newId)).rejects.toBeInstanceOf(IdExhaustedError);
      expect(newId.calls).toBe(maxIdAttempts);
    });

    it('stores 100 concurrent publishes, each under its own id', async () => {
      const store = await freshStore();
      const ids = await Promise.all(
        Array.from({ length: 100 }, (_, i) => store.publish(newMap({ dataJson: `{"n":${i}}` }), uniqueId)),
      );
      expect(new Set(ids).size).toBe(100);
      const maps = await Promise.all(ids.map((id) => store.get(id, now)));
      expect(maps.map((map) => map?.dataJson)).toEqual(ids.map((_, i) => `{"n":${i}}`));
    });

    it('gives a contested id to exactly one of 100 concurrent publishes; the others retry', async () => {
      const store = await freshStore();
      const contested = uniqueId();
      const ids = await Promise.all(
        Array.from({ length: 100 }, () => store.publish(newMap(), offering(contested))),
      );
      expect(ids.filter((id) => id === contested)).toHaveLength(1);
      expect(new Set(ids).size).toBe(100);
    });

    it('keeps maps across close and reopen', async () => {
      const database = backend.fresh();
      const first = await open(database);
      const map = newMap();
      const id = await first.publish(map, uniqueId);
      await first.close();

      const second = await open(database);
      expect(await second.get(id, now)).toEqual({ id, ...map, basedOn: null, authorKeyHash: null });
    });

    it('migrates idempotently: opening the same database again keeps its maps', async () => {
      const database = backend.fresh();
      const first = await open(database);
      const id = await first.publish(newMap(), uniqueId);
      const second = await open(database);
      expect(await second.get(id, now)).not.toBeNull();
      expect(await first.get(await second.publish(newMap(), uniqueId), now)).not.toBeNull();
    });

    it('lets several stores open a fresh database at once, as instances starting together do', async () => {
      const database = backend.fresh();
      const stores = await Promise.all(Array.from({ length: 4 }, () => open(database)));
      const ids = await Promise.all(stores.map((store) => store.publish(newMap(), uniqueId)));
      for (const store of stores) {
        for (const id of ids) expect(await store.get(id, now)).not.toBeNull();
      }
    });

    describe('responses (PRODUCT §5.5, §5.6, §5.8)', () => {
      /** A map answering `basedOn`, published `minutes` after `now`. */
      const response = (basedOn: string, minutes: number, overrides: Partial<NewMap> = {}) =>
        newMap({
          published: new Date(now.getTime() + minutes * 60_000).toISOString(),
          basedOn,
          listed: true,
          ...responseSummaryColumns(responseData(minutes)),
          dataJson: JSON.stringify(responseData(minutes)),
          ...overrides,
        });
      /** A response's data: one reason for, rated agree and support (weight 0.75). */
      const responseData = (minutes: number) => ({
        title: `Response ${minutes}`,
        description: null,
        reasons: [
          {
            id: '6f1f0f4a-1f6e-4c59-9c39-3d7b0b6f2c11',
            title: 'A reason',
            relevance: null,
            belief: 'agree' as const,
            support: 'support' as const,
          },
        ],
      });
      const summaryOf = (minutes: number) => ({
        title: `Response ${minutes}`,
        reasons: 1,
        balance: JSON.stringify({
          for: { count: 1, weight: 0.8 },
          against: { count: 0, weight: 0 },
          unrated: 0,
          neither: 0,
        }),
      });

      it('keeps what a map answers and its key hash, and answers them with the map', async () => {
        const store = await freshStore();
        const base = await store.publish(newMap({ authorKeyHash: 'hash-of-the-key' }), uniqueId);
        const id = await store.publish(response(base, 1), uniqueId);
        expect(await store.get(base, now)).toMatchObject({ basedOn: null, authorKeyHash: 'hash-of-the-key' });
        expect(await store.get(id, now)).toMatchObject({ basedOn: base, authorKeyHash: null });
      });

      it('lists listed, visible, live responses newest first, a page after a position', async () => {
        const store = await freshStore();
        const base = await store.publish(newMap(), uniqueId);
        const other = await store.publish(newMap(), uniqueId);
        const listed = [];
        for (const minutes of [1, 2, 3, 4, 5])
          listed.push(await store.publish(response(base, minutes), uniqueId));
        await store.publish(response(base, 6, { listed: false }), uniqueId);
        await store.publish(response(other, 7), uniqueId);
        await store.publish(response(base, 8, { expiresAt: now.getTime() + 1 }), uniqueId);
        const later = new Date(now.getTime() + 1);

        const first = (await store.responses(base, later, null, 3))!;
        expect(first.map((r) => r.id)).toEqual([listed[4], listed[3], listed[2]]);
        // Its summary, from its own columns.
        expect(first[0]).toEqual({
          id: listed[4],
          published: new Date(now.getTime() + 5 * 60_000).toISOString(),
          ...summaryOf(5),
        });
        const last = first[2]!;
        const second = (await store.responses(base, later, { published: last.published, id: last.id }, 3))!;
        expect(second.map((r) => r.id)).toEqual([listed[1], listed[0]]);
        expect(await store.responses(other, later, null, 3)).toHaveLength(1);
        expect(await store.responses('no-such-map', later, null, 3)).toEqual([]);
      });

      it('orders responses of the same time by id, last first, across pages', async () => {
        const store = await freshStore();
        const base = await store.publish(newMap(), uniqueId);
        const ids = ['same-time-a', 'same-time-b', 'same-time-c'];
        for (const id of ids) await store.publish(response(base, 1), offering(id));
        const first = (await store.responses(base, now, null, 2))!;
        expect(first.map((r) => r.id)).toEqual(['same-time-c', 'same-time-b']);
        const rest = (await store.responses(base, now, first[1]!, 2))!;
        expect(rest.map((r) => r.id)).toEqual(['same-time-a']);
      });

      it('answers null for a position that names no listed, visible response of the base (rule A1)', async () => {
        const store = await freshStore();
        const base = await store.publish(newMap(), uniqueId);
        const other = await store.publish(newMap(), uniqueId);
        const listed = await store.publish(response(base, 1), uniqueId);
        const elsewhere = await store.publish(response(other, 2), uniqueId);
        const unlisted = await store.publish(response(base, 3, { listed: false }), uniqueId);
        const hidden = await store.publish(response(base, 4), uniqueId);
        await store.hideResponse(base, hidden, now);
        const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

        expect(await store.responses(base, now, { published: at(1), id: listed }, 20)).toEqual([]);
        for (const forged of [
          { published: at(1), id: 'no-such-map' },
          { published: at(9), id: listed },
          { published: at(2), id: elsewhere },
          { published: at(3), id: unlisted },
          { published: at(4), id: hidden },
          { published: at(1), id: base },
        ])
          expect(await store.responses(base, now, forged, 20), JSON.stringify(forged)).toBeNull();
      });

      it("answers the hash of a map's author key without its text, null for no live map", async () => {
        const store = await freshStore();
        const keyed = await store.publish(newMap({ authorKeyHash: 'hash-of-the-key' }), uniqueId);
        const keyless = await store.publish(newMap(), uniqueId);
        const expiring = await store.publish(newMap({ expiresAt: now.getTime() + 1 }), uniqueId);
        expect(await store.authorKeyOf(keyed, now)).toEqual({ authorKeyHash: 'hash-of-the-key' });
        expect(await store.authorKeyOf(keyless, now)).toEqual({ authorKeyHash: null });
        expect(await store.authorKeyOf(expiring, new Date(now.getTime() + 1))).toBeNull();
        expect(await store.authorKeyOf('no-such-map', now)).toBeNull();
      });

      it('summarises, when it opens, responses stored without a summary (as before the columns)', async () => {
        const database = backend.fresh();
        const before = await open(database);
        const base = await before.publish(newMap(), uniqueId);
        const { title: _title, reasons: _reasons, balance: _balance, ...unsummarised } = response(base, 1);
        const old = await before.publish(unsummarised, uniqueId);
        const summarised = await before.publish(response(base, 2), uniqueId);
        // Listed meanwhile, with nothing to show but its id and time.
        expect((await before.responses(base, now, null, 20))![1]).toMatchObject({ id: old, reasons: 0 });
        await before.close();

        const after = await open(database);
        expect(await after.responses(base, now, null, 20)).toEqual([
          { id: summarised, published: new Date(now.getTime() + 2 * 60_000).toISOString(), ...summaryOf(2) },
          { id: old, published: new Date(now.getTime() + 1 * 60_000).toISOString(), ...summaryOf(1) },
        ]);
      });

      it('hides a response of its base only, and no longer lists it', async () => {
        const store = await freshStore();
        const base = await store.publish(newMap(), uniqueId);
        const other = await store.publish(newMap(), uniqueId);
        const id = await store.publish(response(base, 1), uniqueId);

        expect(await store.hideResponse(other, id, now)).toBe(false);
        expect(await store.hideResponse(base, base, now)).toBe(false);
        expect(await store.hideResponse(base, 'no-such-map', now)).toBe(false);
        expect(await store.responses(base, now, null, 20)).toHaveLength(1);
        expect(await store.hideResponse(base, id, now)).toBe(true);
        expect(await store.hideResponse(base, id, now)).toBe(true);
        expect(await store.responses(base, now, null, 20)).toEqual([]);
        // Still a published map, readable at its own id.
        expect(await store.get(id, now)).toMatchObject({ basedOn: base });
      });

      it('answers one depth of a thread for several bases, newest first, up to a limit', async () => {
        const store = await freshStore();
        const a = await store.publish(newMap(), uniqueId);
        const b = await store.publish(newMap(), uniqueId);
        const a1 = await store.publish(response(a, 1), uniqueId);
        const b2 = await store.publish(response(b, 2), uniqueId);
        const a3 = await store.publish(response(a, 3), uniqueId);
        await store.publish(response(a, 4, { listed: false }), uniqueId);

        expect(await store.responsesOf([a, b], now, 10)).toEqual([
          {
            id: a3,
            title: 'Response 3',
            published: new Date(now.getTime() + 3 * 60_000).toISOString(),
            basedOn: a,
          },
          {
            id: b2,
            title: 'Response 2',
            published: new Date(now.getTime() + 2 * 60_000).toISOString(),
            basedOn: b,
          },
          {
            id: a1,
            title: 'Response 1',
            published: new Date(now.getTime() + 1 * 60_000).toISOString(),
            basedOn: a,
          },
        ]);
        expect((await store.responsesOf([a, b], now, 2)).map((r) => r.id)).toEqual([a3, b2]);
        expect(await store.responsesOf([], now, 10)).toEqual([]);
      });

      it('never gives a map the id of the map it answers', async () => {
        const store = await freshStore();
        const gone = uniqueId();
        const newId = offering(gone);
        const id = await store.publish(response(gone, 1), newId);
        expect(id).not.toBe(gone);
        expect(newId.calls).toBe(2);
      });

      it('deletes expired responses with the other expired maps', async () => {
        const store = await freshStore();
        const base = await store.publish(newMap(), uniqueId);
        await store.publish(response(base, 1, { expiresAt: now.getTime() }), uniqueId);
        expect(await store.deleteExpired(now)).toBe(1);
        expect(await store.responses(base, new Date(0), null, 20)).toEqual([]);
      });
    });

    it('answers ping while the database is up', async () => {
      const store = await freshStore();
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('can be closed twice', async () => {
      const store = await freshStore();
      await store.close();
      await expect(store.close()).resolves.toBeUndefined();
    });
  });
}

defineContract(sqliteBackend());
defineContract(postgresBackend(postgresUrl));
