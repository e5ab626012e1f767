import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { responsesPageSize, threadMaxMaps } from '../src/domain/responses';
import { readThread } from '../src/server/publishing/thread';
import type { MapStore } from '../src/server/store/map-store';
import { openPostgresStore } from '../src/server/store/postgres-store';
import { openSqliteStore } from '../src/server/store/sqlite-store';
import { createTestSchema, type TestSchema } from '../tests/support/postgres';

// PRODUCT §5.6, §5.7: a page of a map's responses and its thread must cost the same however many
// maps are stored, which the partial index over listed responses is for. Each database is filled
// twice, with a small and a large number of maps (bulk inserts; one in ten a listed response to
// another map), and holds the same measured maps besides: a map with 300 listed responses, and a
// thread of 250 maps over three depths. The p99 of each query at the large size is compared with
// the small one's, measured in the same run: the target is within 2×. BENCH_RESPONSES_MAPS sets
// the sizes (default 10000,1000000).

const benchDir = dirname(fileURLToPath(import.meta.url));
const now = new Date('2026-06-01T00:00:00.000Z');
const expiresAt = now.getTime() + 80 * 24 * 60 * 60 * 1000;
const smallData = '{"title":"t","description":null,"reasons":[]}';
const rounds = 20;
const perRound = 100;
const warmup = 100;

interface Figures {
  p50Ms: number;
  p99Ms: number;
}

export interface ResponsesBenchRow {
  backend: string;
  maps: number;
  fillSeconds: number;
  firstPage: Figures;
  laterPage: Figures;
  thread: Figures;
}

/** Inserts `count` background maps into the maps table, in the database's own bulk form. */
type Fill = (count: number) => Promise<void>;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** Times one call of `run`, in milliseconds, into `times`. */
async function time(run: () => Promise<unknown>, times: number[]): Promise<void> {
  const start = performance.now();
  await run();
  times.push(performance.now() - start);
}

function figures(times: number[]): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) };
}

/** The measured maps: `hot` with 300 listed responses, `root` with a thread of 250. */
async function addMeasuredMaps(store: MapStore): Promise<{ hot: string; root: string }> {
  let n = 0;
  const add = (basedOn: string | null) => {
    const i = ++n;
    return store.publish(
      {
        published: new Date(now.getTime() - 1_000_000 + i * 1000).toISOString(),
        expiresAt,
        dataJson: smallData,
        basedOn,
        listed: basedOn !== null,
        title: `measured ${i}`,
      },
      () => `measured-${i}`,
    );
  };
  const hot = await add(null);
  const root = await add(null);
  await Promise.all(Array.from({ length: 300 }, () => add(hot)));
  const first = await Promise.all(Array.from({ length: 50 }, () => add(root)));
  const second = await Promise.all(first.flatMap((id) => [add(id), add(id)]));
  await Promise.all(second.map((id) => add(id)));
  return { hot, root };
}

interface Prepared {
  backend: string;
  maps: number;
  fillSeconds: number;
  queries: Record<'firstPage' | 'laterPage' | 'thread', () => Promise<unknown>>;
  close: () => Promise<void>;
}

async function prepare(
  backend: string,
  maps: number,
  open: () => Promise<{ store: MapStore; fill: Fill; close: () => Promise<void> }>,
): Promise<Prepared> {
  const { store, fill, close } = await open();
  const started = performance.now();
  await fill(maps);
  const fillSeconds = (performance.now() - started) / 1000;
  const { hot, root } = await addMeasuredMaps(store);
  const firstPage = (await store.responses(hot, now, null, responsesPageSize + 1)) ?? [];
  const middle = firstPage[responsesPageSize - 1]!;
  const thread = await readThread(store, root, now, threadMaxMaps);
  if (firstPage.length !== responsesPageSize + 1 || thread.maps.length !== threadMaxMaps)
    throw new Error('the measured maps are not all there');
  return {
    backend,
    maps,
    fillSeconds,
    queries: {
      firstPage: () => store.responses(hot, now, null, responsesPageSize + 1),
      laterPage: () => store.responses(hot, now, middle, responsesPageSize + 1),
      thread: () => readThread(store, root, now, threadMaxMaps),
    },
    close,
  };
}

/**
 * Measures both sizes in alternating rounds, so that whatever else the machine does at a moment
 * falls on both alike.
 */
async function measurePair(pair: [Prepared, Prepared]): Promise<ResponsesBenchRow[]> {
  const keys = ['firstPage', 'laterPage', 'thread'] as const;
  const times = pair.map(() => ({
    firstPage: [] as number[],
    laterPage: [] as number[],
    thread: [] as number[],
  }));
  for (const prepared of pair)
    for (const key of keys) for (let i = 0; i < warmup; i++) await prepared.queries[key]();
  for (let round = 0; round < rounds; round++) {
    for (const [i, prepared] of pair.entries()) {
      for (const key of keys)
        for (let n = 0; n < perRound; n++) await time(prepared.queries[key], times[i]![key]);
    }
  }
  return pair.map((prepared, i) => ({
    backend: prepared.backend,
    maps: prepared.maps,
    fillSeconds: prepared.fillSeconds,
    firstPage: figures(times[i]!.firstPage),
    laterPage: figures(times[i]!.laterPage),
    thread: figures(times[i]!.thread),
  }));
}

function sqliteBackend(dir: string, maps: number) {
  return async () => {
    const path = join(dir, `responses-${maps}.sqlite`);
    const store = openSqliteStore(path);
    const fill: Fill = async (count) => {
      const db = new Database(path);
      db.pragma('journal_mode = WAL');
      // One map in ten answers an earlier one and is listed, as busy maps' responses would be.
      db.prepare(
        `WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < ?)
         INSERT INTO maps (id, published, expires_at, data, based_on, listed, title)
         SELECT 'bg-' || g, '2026-05-01T00:00:00.000Z', ?, ?,
                CASE WHEN g % 10 = 0 THEN 'bg-' || (g / 10) END, g % 10 = 0,
                CASE WHEN g % 10 = 0 THEN 't' END
           FROM s`,
      ).run(count, expiresAt, smallData);
      db.exec('ANALYZE');
      db.close();
    };
    return { store, fill, close: () => store.close() };
  };
}

function postgresBackend(url: string) {
  return async () => {
    const schema: TestSchema = await createTestSchema(url, 'bench_responses');
    const store = await openPostgresStore(schema.url);
    const fill: Fill = async (count) => {
      const chunk = 100_000;
      for (let from = 1; from <= count; from += chunk) {
        await schema.query(
          `INSERT INTO maps (id, published, expires_at, data, based_on, listed, title)
           SELECT 'bg-' || g, '2026-05-01T00:00:00.000Z', $3, $4,
                  CASE WHEN g % 10 = 0 THEN 'bg-' || (g / 10) END, g % 10 = 0,
                  CASE WHEN g % 10 = 0 THEN 't' END
             FROM generate_series($1::bigint, $2::bigint) AS g`,
          [from, Math.min(count, from + chunk - 1), expiresAt, smallData],
        );
      }
      await schema.query('ANALYZE maps');
    };
    return {
      store,
      fill,
      close: async () => {
        await store.close();
        await schema.drop();
      },
    };
  };
}

function sizesFromEnv(raw: string | undefined): [number, number] {
  const sizes = (raw ?? '10000,1000000').split(',').map(Number);
  if (sizes.length !== 2 || !sizes.every((n) => Number.isInteger(n) && n >= 1000))
    throw new Error('BENCH_RESPONSES_MAPS must be two whole numbers of 1000 or more, e.g. 10000,200000');
  return [sizes[0]!, sizes[1]!];
}

export async function runResponsesBench(env: NodeJS.ProcessEnv = process.env): Promise<ResponsesBenchRow[]> {
  const [small, large] = sizesFromEnv(env.BENCH_RESPONSES_MAPS);
  const postgresUrl = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL;
  const dir = mkdtempSync(join(tmpdir(), 'belief-map-bench-responses-'));
  const rows: ResponsesBenchRow[] = [];
  const fmt = (f: Figures) => `p50 ${f.p50Ms.toFixed(3)} ms, p99 ${f.p99Ms.toFixed(3)} ms`;
  console.log(
    `\nResponses and threads: ${small.toLocaleString('en')} vs ${large.toLocaleString('en')} stored maps`,
  );
  try {
    const backends: [string, (maps: number) => ReturnType<typeof sqliteBackend>][] = [
      ['SQLite', (maps) => sqliteBackend(dir, maps)],
    ];
    if (postgresUrl) backends.push(['PostgreSQL', () => postgresBackend(postgresUrl)]);
    else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    for (const [name, backend] of backends) {
      const prepared: Prepared[] = [];
      try {
        for (const maps of [small, large]) prepared.push(await prepare(name, maps, backend(maps)));
        const pair = await measurePair(prepared as [Prepared, Prepared]);
        for (const row of pair) {
          console.log(
            `${name}, ${row.maps.toLocaleString('en')} maps (filled in ${row.fillSeconds.toFixed(1)} s): ` +
              `first page ${fmt(row.firstPage)}; later page ${fmt(row.laterPage)}; thread ${fmt(row.thread)}`,
          );
        }
        const [a, b] = pair as [ResponsesBenchRow, ResponsesBenchRow];
        for (const key of ['firstPage', 'laterPage', 'thread'] as const) {
          const ratio = b[key].p99Ms / a[key].p99Ms;
          console.log(
            `  ${name} ${key}: p99 ×${ratio.toFixed(2)} at ${large.toLocaleString('en')} (target ≤ 2): ${ratio <= 2 ? 'met' : 'MISSED'}`,
          );
        }
        rows.push(...pair);
      } finally {
        for (const p of prepared) await p.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const resultsDir = join(benchDir, 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, 'responses.json'),
    `${JSON.stringify({ benchmark: 'responses', date: new Date().toISOString(), rows }, null, 2)}\n`,
  );
  return rows;
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) await runResponsesBench();
