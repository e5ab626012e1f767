import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { largestEntryBytes, pageAllowance, publishedMaps } from '../../src/server/pages/published-maps';
import type { MapStore, StoredMap } from '../../src/server/store/map-store';
import { sampleMapData } from '../support/maps';

// Published maps in memory: served without the store once read, never after their expiry,
// bounded in size, never remembering an id that was not found, and read once however many ask.

const day = 24 * 60 * 60 * 1000;
const t0 = Date.parse('2026-11-20T10:00:00.000Z');

function countingStore(maps: StoredMap[]) {
  const reads: string[] = [];
  const store: MapStore = {
    async get(id, now) {
      reads.push(id);
      const map = maps.find((m) => m.id === id);
      return map && map.expiresAt > now.getTime() ? map : null;
    },
    mapSet: async function* () {},
    publish: () => Promise.reject(new Error('not here')),
    responses: async () => [],
    responsesOf: async () => [],
    authorKeyOf: async () => null,
    hideResponse: async () => false,
    deleteExpired: async () => 0,
    ping: async () => {},
    close: async () => {},
  };
  return { store, reads, maps };
}

const stored = (id: string, size = 10): StoredMap => ({
  id,
  published: new Date(t0).toISOString(),
  expiresAt: t0 + 90 * day,
  dataJson: JSON.stringify({ title: 'x'.repeat(size), description: null, reasons: [] }),
  basedOn: null,
  authorKeyHash: null,
});

describe('publishedMaps', () => {
  it('builds the answer once and then serves it without reading the store', async () => {
    const { store, reads } = countingStore([stored('bike-lanes-k3j9x2m7qa1b')]);
    const answers = publishedMaps(store);
    const first = await answers.get('bike-lanes-k3j9x2m7qa1b', new Date(t0));
    expect(JSON.parse(first!.answer.toString())).toEqual({
      status: 'ok',
      version: '1.0',
      published: '2026-11-20T10:00:00.000Z',
      data: { title: 'xxxxxxxxxx', description: null, reasons: [] },
    });
    const again = await answers.get('bike-lanes-k3j9x2m7qa1b', new Date(t0 + day));
    expect(again).toBe(first);
    expect(reads).toEqual(['bike-lanes-k3j9x2m7qa1b']);
  });

  it('gzips a large answer once, keeps the copy with it, and counts it in its bytes', async () => {
    const { store } = countingStore([stored('bike-lanes-k3j9x2m7qa1b', 50_000)]);
    const answers = publishedMaps(store);
    const entry = (await answers.get('bike-lanes-k3j9x2m7qa1b', new Date(t0)))!;
    const before = entry.bytes;
    const [first, concurrent] = await Promise.all([entry.gzipped(), entry.gzipped()]);
    expect(gunzipSync(first!).equals(entry.answer)).toBe(true);
    // One gzip for both callers and for every later one: the same bytes, not made again.
    expect(concurrent).toBe(first);
    const again = await answers.get('bike-lanes-k3j9x2m7qa1b', new Date(t0 + day));
    expect(await again!.gzipped()).toBe(first);
    expect(entry.bytes).toBe(before + first!.length);
  });

  it('keeps no gzipped copy of a small answer', async () => {
    const { store } = countingStore([stored('bike-lanes-k3j9x2m7qa1b', 10)]);
    const entry = (await publishedMaps(store).get('bike-lanes-k3j9x2m7qa1b', new Date(t0)))!;
    expect(await entry.gzipped()).toBeNull();
  });

  it('never serves a remembered answer from its expiry on (PRODUCT §8.3)', async () => {
    const { store } = countingStore([stored('bike-lanes-k3j9x2m7qa1b')]);
    const answers = publishedMaps(store);
    expect(await answers.get('bike-lanes-k3j9x2m7qa1b', new Date(t0 + 90 * day - 1))).not.toBeNull();
    expect(await answers.get('bike-lanes-k3j9x2m7qa1b', new Date(t0 + 90 * day))).toBeNull();
    expect(await answers.get('bike-lanes-k3j9x2m7qa1b', new Date(t0 + 90 * day - 1))).not.toBeNull();
  });

  it('asks the store again for an id it did not find: another instance may publish it', async () => {
    const { store, reads, maps } = countingStore([]);
    const answers = publishedMaps(store);
    expect(await answers.get('later-k3j9x2m7qa1b', new Date(t0))).toBeNull();
    maps.push(stored('later-k3j9x2m7qa1b'));
    expect(await answers.get('later-k3j9x2m7qa1b', new Date(t0))).not.toBeNull();
    expect(reads).toEqual(['later-k3j9x2m7qa1b', 'later-k3j9x2m7qa1b']);
  });

  it('reads a map once when many ask for it at the same moment', async () => {
    const { store, reads } = countingStore([stored('bike-lanes-k3j9x2m7qa1b')]);
    const answers = publishedMaps(store);
    const all = await Promise.all(
      Array.from({ length: 50 }, () => answers.get('bike-lanes-k3j9x2m7qa1b', new Date(t0))),
    );
    expect(new Set(all).size).toBe(1);
    expect(reads).toEqual(['bike-lanes-k3j9x2m7qa1b']);
  });

  it('parses a map for its preview once, keeping only what the preview shows', async () => {
    const description = `${'A long description. '.repeat(1000)}`;
    const map: StoredMap = {
      ...stored('bike-lanes-k3j9x2m7qa1b'),
      dataJson: JSON.stringify({
        title: 'Bike lanes',
        description,
        reasons: [
          { belief: 'agree', support: 'support' },
          { belief: null, support: 'support' },
          { belief: 'strong-agree', support: 'disconfirm' },
        ],
      }),
    };
    const { store } = countingStore([map]);
    const answers = publishedMaps(store);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const entry = (await answers.get(map.id, new Date(t0)))!;
      const preview = entry.preview();
      expect(preview).toEqual({
        title: 'Bike lanes',
        description: description.slice(0, preview.description!.length),
        reasonCount: 3,
        // Rule W2: what the preview picture shows (PRODUCT §8.4).
        balance: {
          for: { count: 1, weight: 0.75 },
          against: { count: 1, weight: 1 },
          unrated: 1,
          neither: 0,
        },
      });
      expect(preview.description!.length).toBeLessThanOrEqual(200);
      expect((await answers.get(map.id, new Date(t0)))!.preview()).toBe(preview);
      const mapParses = parse.mock.calls.filter(([text]) => String(text).includes('A long description'));
      expect(mapParses).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('serves an answer too large to keep, without keeping it', async () => {
    const { store, reads } = countingStore([stored('big-k3j9x2m7qa1b', 2000)]);
    const answers = publishedMaps(store, { maxBytes: 16 * 1000 });
    expect((await answers.get('big-k3j9x2m7qa1b', new Date(t0)))!.answer.length).toBeGreaterThan(1000);
    expect(await answers.get('big-k3j9x2m7qa1b', new Date(t0))).not.toBeNull();
    expect(reads).toEqual(['big-k3j9x2m7qa1b', 'big-k3j9x2m7qa1b']);
  });

  it('keeps the most recently used answers within its byte bound', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `map-${String(i).padStart(2, '0')}-k3j9x2m7qa1b`);
    const { store, reads } = countingStore(ids.map((id) => stored(id, 60)));
    const size = (await publishedMaps(store).get(ids[0]!, new Date(t0)))!.bytes;
    // Room for 16 answers: the last 16 read are kept, the others are read from the store again.
    const answers = publishedMaps(store, { maxBytes: 16 * size });
    for (const id of ids) await answers.get(id, new Date(t0));
    reads.length = 0;
    for (const id of ids.slice(24)) await answers.get(id, new Date(t0));
    expect(reads).toEqual([]);
    await answers.get(ids[0]!, new Date(t0));
    expect(reads).toEqual([ids[0]]);
  });

  it("renders a map's page once, however many ask for it at once, and counts its bytes in the bound", async () => {
    const { store } = countingStore([stored('bike-lanes-k3j9x2m7qa1b')]);
    const answers = publishedMaps(store);
    const entry = (await answers.get('bike-lanes-k3j9x2m7qa1b', new Date(t0)))!;
    const before = entry.bytes;
    // As large as the page around an empty map, gzipped: far more than its answer.
    const bytes = Buffer.from('<p>rendered</p>'.repeat(2000));
    const render = vi.fn(async () => ({ bytes, gzipped: false, etag: '"e"' }));
    const pages = await Promise.all([entry.page(render), entry.page(render), entry.page(render)]);
    expect(render).toHaveBeenCalledTimes(1);
    expect(pages.every((page) => page?.bytes === bytes)).toBe(true);
    expect(await (await answers.get('bike-lanes-k3j9x2m7qa1b', new Date(t0)))!.page(render)).toBe(pages[0]);
    expect(render).toHaveBeenCalledTimes(1);
    expect(entry.bytes).toBe(before + bytes.length);
  });

  it('keeps the largest map the body limit allows with its page, so it is read and rendered once', async () => {
    // A 2 MiB map whose page, kept gzipped, is as large as a page may be kept: over the default
    // sixteenth of the cache, which dropped such entries as soon as their page was rendered.
    const bodyLimit = 2 * 1024 * 1024;
    const data = sampleMapData(1000);
    for (const reason of data.reasons) reason.relevance = 'v'.repeat(1850);
    const big: StoredMap = { ...stored('big-k3j9x2m7qa1b'), dataJson: JSON.stringify(data) };
    expect(big.dataJson.length).toBeGreaterThan(0.9 * bodyLimit);
    expect(big.dataJson.length).toBeLessThan(bodyLimit);
    const { store, reads } = countingStore([big]);
    const answers = publishedMaps(store, { maxEntryBytes: largestEntryBytes(bodyLimit) });
    const render = vi.fn(async (entry: { answer: Buffer }) => ({
      bytes: Buffer.alloc(pageAllowance(entry.answer.length)),
      gzipped: true,
      etag: '"e"',
    }));
    for (let i = 0; i < 5; i++) {
      const entry = (await answers.get(big.id, new Date(t0)))!;
      expect(await entry.page(render)).not.toBeNull();
      entry.preview();
    }
    expect(reads).toEqual([big.id]);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('keeps no page over its allowance, and renders it no second time', async () => {
    const { store, reads } = countingStore([stored('bike-lanes-k3j9x2m7qa1b')]);
    const answers = publishedMaps(store);
    const entry = (await answers.get('bike-lanes-k3j9x2m7qa1b', new Date(t0)))!;
    const before = entry.bytes;
    const render = vi.fn(async () => ({
      bytes: Buffer.alloc(pageAllowance(entry.answer.length) + 1),
      gzipped: true,
      etag: '"e"',
    }));
    expect(await entry.page(render)).toBeNull();
    expect(await (await answers.get('bike-lanes-k3j9x2m7qa1b', new Date(t0)))!.page(render)).toBeNull();
    expect(render).toHaveBeenCalledTimes(1);
    expect(entry.bytes).toBe(before);
    expect(reads).toHaveLength(1);
  });

  it('answers null for a page whose render fails, without trying again', async () => {
    const { store } = countingStore([stored('bike-lanes-k3j9x2m7qa1b')]);
    const entry = (await publishedMaps(store).get('bike-lanes-k3j9x2m7qa1b', new Date(t0)))!;
    const render = vi.fn(async () => null);
    expect(await entry.page(render)).toBeNull();
    expect(await entry.page(render)).toBeNull();
    expect(render).toHaveBeenCalledTimes(1);
  });
});
