import autocannon from 'autocannon';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// Shared with the tests: the real server process (main.ts), a free port, a PostgreSQL schema of
// its own, and realistic maps.
import { publishBody, sampleMapData } from '../tests/support/maps';
import { createTestSchema, type TestSchema } from '../tests/support/postgres';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process';
import { printProfile } from './profile-summary';

// The HTTP API under load (PRODUCT §13.6): GET of a published 20-reason map, GET of its
// server-rendered page (`/map/{id}`), GET of 100 such maps in one request (`/api/maps?ids=…`,
// PRODUCT §5.9), and POST of a 20-reason map, 50 connections, against the app (main.ts, as `npm start` runs it) and against a
// bare node:http server doing the least the same requests need (bench/bare-server.ts), in
// alternating rounds of the same run, so the ratio does not depend on the machine. Each server is
// a process of its own, apart from autocannon's event loop. On SQLite (a temporary file) and on
// PostgreSQL (a schema of its own) when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.

export const targets = {
  /** App GET requests/s over the bare server's, for the API's JSON and for the rendered page. */
  getRatio: 0.6,
  /** App GET /api/maps of 100 maps, requests/s over the bare server's answering the same bytes. */
  setRatio: 0.5,
  /** App POST requests/s over the bare server's. */
  postRatio: 0.4,
  /** p99 latency of the app's GET at 50 connections on SQLite, in ms. */
  getP99Ms: 20,
};

export interface Measurement {
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  /** Answers other than 2xx, and connection errors: both must be 0 for a valid measurement. */
  non2xx: number;
  errors: number;
}

export interface Comparison {
  backend: 'SQLite' | 'PostgreSQL';
  request: Request;
  /** Medians over the rounds. */
  app: Measurement;
  bare: Measurement;
  /** Median over the rounds of app requests/s over bare requests/s in the same round. */
  ratio: number;
  targetRatio: number;
  ratioMet: boolean;
  /** Only for GET on SQLite. */
  p99Met?: boolean;
  rounds: { app: Measurement[]; bare: Measurement[] };
}

export interface HttpBenchResult {
  benchmark: 'http';
  date: string;
  node: string;
  cpus: number;
  connections: number;
  /** The app's worker processes. */
  workers: number;
  rounds: number;
  roundSeconds: number;
  reasons: number;
  comparisons: Comparison[];
  allTargetsMet: boolean;
}

export interface HttpBenchOptions {
  rounds?: number;
  roundSeconds?: number;
  connections?: number;
  /** Write bench/results/http.json (default true). */
  write?: boolean;
  log?: boolean;
  /** Run the app with --cpu-prof and print where its time went (BENCH_PROFILE=1). */
  profile?: boolean;
  postgresUrl?: string;
  /** Worker processes of the app (WEB_CONCURRENCY); by default one per core, as `npm start` runs. */
  workers?: number;
}

const benchDir = dirname(fileURLToPath(import.meta.url));
const resultsDir = join(benchDir, 'results');
const reasons = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianOf(runs: Measurement[]): Measurement {
  return {
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

/**
 * GET /api/map/{id}, GET /map/{id} (the page rendered on the server), GET /api/maps of 100 maps,
 * POST /api/map/create.
 */
type Request = 'GET' | 'GET page' | 'GET 100 maps' | 'POST';

/** GET `url` with `headers`: the answer's headers and its bytes as sent (fetch would unzip them). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** How the page is asked for: as a browser asks, taking gzip (undici's fetch would unzip it). */
const pageHeaders: Record<string, string> = { 'accept-encoding': 'gzip' };

/** How many maps the set of `GET 100 maps` asks for (the most one request may). */
const setSize = 100;

/** Each request's path on both servers. */
function pathOf(request: Request, mapId: string, setIds: readonly string[]): string {
  if (request === 'GET page') return `/map/${mapId}`;
  if (request === 'GET 100 maps') return `/api/maps?ids=${setIds.join(',')}`;
  return `/api/map/${request === 'GET' ? mapId : 'create'}`;
}

interface Load {
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

async function cannon(load: Load, seconds: number, connections: number): Promise<Measurement> {
  const result = await autocannon({
    url: load.url,
    method: load.method,
    connections,
    duration: seconds,
    ...(load.headers ? { headers: load.headers } : {}),
    ...(load.body ? { body: load.body, headers: { 'content-type': 'application/json' } } : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Both servers for one backend, the GET body the bare server answers, and the POST body. */
async function compareOn(
  backend: Comparison['backend'],
  databaseUrl: string,
  options: Required<
    Pick<HttpBenchOptions, 'rounds' | 'roundSeconds' | 'connections' | 'profile' | 'log' | 'workers'>
  >,
  scratch: string,
): Promise<Comparison[]> {
  const profileDir = join(resultsDir, 'profiles', backend.toLowerCase());
  if (options.profile) rmSync(profileDir, { recursive: true, force: true });
  const app: ServerProcess = await startServerProcess({
    env: {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      CREATE_RATE_LIMIT: '0',
      SWEEP_INTERVAL_MS: '0',
      WEB_CONCURRENCY: String(options.workers),
    },
    nodeArgs: options.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  let bare: ServerProcess | null = null;
  try {
    const postBody = publishBody(sampleMapData(reasons));
    const created = await fetch(`${app.url}/api/map/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: postBody,
    });
    if (created.status !== 200) throw new Error(`publish failed: ${created.status} ${await created.text()}`);
    const { data } = (await created.json()) as { data: { mapId: string } };
    const setIds = [data.mapId];
    while (setIds.length < setSize) {
      const more = await fetch(`${app.url}/api/map/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: publishBody(sampleMapData(reasons, setIds.length)),
      });
      if (more.status !== 200) throw new Error(`publish failed: ${more.status} ${await more.text()}`);
      setIds.push(((await more.json()) as { data: { mapId: string } }).data.mapId);
    }
    const setBodyFile = join(scratch, `${backend}-set.json`);
    const setAnswer = await fetch(`${app.url}${pathOf('GET 100 maps', data.mapId, setIds)}`);
    if (setAnswer.status !== 200) throw new Error(`GET /api/maps failed: ${setAnswer.status}`);
    writeFileSync(setBodyFile, await setAnswer.text());
    const getBody = await (await fetch(`${app.url}/api/map/${data.mapId}`)).text();
    const getBodyFile = join(scratch, `${backend}-get.json`);
    writeFileSync(getBodyFile, getBody);
    // The page as a browser gets it: every browser asks for gzip, and the server keeps it gzipped.
    const page = await rawGet(`${app.url}/map/${data.mapId}`, pageHeaders);
    if (!page.headers.etag) throw new Error(`/map/${data.mapId} was not rendered on the server`);
    if (page.headers['content-encoding'] !== 'gzip') throw new Error(`/map/${data.mapId} was not gzipped`);
    const pageBodyFile = join(scratch, `${backend}-page.html.gz`);
    writeFileSync(pageBodyFile, page.body);
    bare = await startServerProcess({
      entry: 'bench/bare-server.ts',
      env: {
        BARE_GET_BODY_FILE: getBodyFile,
        BARE_PAGE_BODY_FILE: pageBodyFile,
        BARE_SET_BODY_FILE: setBodyFile,
      },
    });

    const comparisons: Comparison[] = [];
    for (const request of ['GET', 'GET page', 'GET 100 maps', 'POST'] as const) {
      const method: Load['method'] = request === 'POST' ? 'POST' : 'GET';
      const headers = request === 'GET page' ? pageHeaders : undefined;
      const loads = {
        app: { url: `${app.url}${pathOf(request, data.mapId, setIds)}`, method, headers },
        bare: { url: `${bare.url}${pathOf(request, data.mapId, setIds)}`, method, headers },
      };
      const body = request === 'POST' ? postBody : undefined;
      // Warm-up: let both JITs compile the hot paths before anything is timed.
      await cannon({ ...loads.app, body }, 2, options.connections);
      await cannon({ ...loads.bare, body }, 2, options.connections);
      const rounds: Comparison['rounds'] = { app: [], bare: [] };
      for (let round = 0; round < options.rounds; round++) {
        // Alternating, so that a slow moment of the machine hits both alike.
        const order = round % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const);
        for (const which of order) {
          rounds[which].push(
            await cannon({ ...loads[which], body }, options.roundSeconds, options.connections),
          );
        }
      }
      const appMedian = medianOf(rounds.app);
      const bareMedian = medianOf(rounds.bare);
      // The machine's speed drifts (other work, CPU boost): each round's app run is compared with
      // the bare run next to it, and the median of those ratios is reported.
      const ratio = median(rounds.app.map((a, i) => a.requestsPerSecond / rounds.bare[i]!.requestsPerSecond));
      const targetRatio =
        request === 'GET 100 maps'
          ? targets.setRatio
          : method === 'GET'
            ? targets.getRatio
            : targets.postRatio;
      comparisons.push({
        backend,
        request,
        app: appMedian,
        bare: bareMedian,
        ratio,
        targetRatio,
        ratioMet: ratio >= targetRatio,
        ...(request === 'GET' && backend === 'SQLite' ? { p99Met: appMedian.p99Ms < targets.getP99Ms } : {}),
        rounds,
      });
      const last = comparisons.at(-1)!;
      if (options.log) console.log(formatRow(last));
      if (last.app.non2xx + last.app.errors > 0) {
        console.log(`the app's log (answers other than 2xx):\n${app.output().slice(-4000)}`);
      }
    }
    return comparisons;
  } finally {
    await bare?.stop();
    await app.stop();
    if (options.profile && existsSync(profileDir)) {
      for (const file of readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'))) {
        printProfile(join(profileDir, file));
      }
    }
  }
}

const header =
  'backend     request                     app req/s  app p99   bare req/s  bare p99   ratio   target';

function formatRow(c: Comparison): string {
  const n = (value: number) => Math.round(value).toLocaleString('en').padStart(10);
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  const mark = (met: boolean) => (met ? 'met' : 'MISSED');
  let target = `≥ ${c.targetRatio.toFixed(2)} ${mark(c.ratioMet)}`;
  if (c.p99Met !== undefined) target += `; p99 < ${targets.getP99Ms} ms ${mark(c.p99Met)}`;
  const invalid = c.app.non2xx + c.app.errors + c.bare.non2xx + c.bare.errors;
  if (invalid > 0) target += ` (INVALID: ${invalid} non-2xx or errors)`;
  return (
    `${c.backend.padEnd(11)} ${`${c.request} ${reasons} reasons`.padEnd(26)}` +
    `${n(c.app.requestsPerSecond)} ${ms(c.app.p99Ms)} ${n(c.bare.requestsPerSecond)}  ${ms(c.bare.p99Ms)}` +
    `   ${c.ratio.toFixed(2).padStart(5)}   ${target}`
  );
}

/**
 * Runs the comparison on SQLite, then on PostgreSQL if a URL is given, prints a table of requests/s,
 * p99 and ratios against the targets, and writes bench/results/http.json.
 */
export async function runHttpBench(options: HttpBenchOptions = {}): Promise<HttpBenchResult> {
  const settings = {
    rounds: options.rounds ?? 5,
    roundSeconds: options.roundSeconds ?? 3,
    connections: options.connections ?? 50,
    profile: options.profile ?? false,
    log: options.log ?? true,
    workers: options.workers ?? availableParallelism(),
  };
  const write = options.write ?? true;
  const scratch = mkdtempSync(join(tmpdir(), 'belief-map-bench-'));
  const comparisons: Comparison[] = [];
  let schema: TestSchema | null = null;
  try {
    if (settings.log) {
      console.log(
        `\nHTTP: ${settings.connections} connections, ${settings.rounds} alternating rounds of ` +
          `${settings.roundSeconds} s per server (medians); the app runs ${settings.workers} ` +
          `worker${settings.workers === 1 ? '' : 's'}, the bare server one process`,
      );
      console.log(header);
    }
    comparisons.push(
      ...(await compareOn('SQLite', `sqlite:${join(scratch, 'bench.sqlite')}`, settings, scratch)),
    );
    if (options.postgresUrl) {
      schema = await createTestSchema(options.postgresUrl, 'bench');
      comparisons.push(...(await compareOn('PostgreSQL', schema.url, settings, scratch)));
    } else if (settings.log) {
      console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    }
  } finally {
    await schema?.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
  const result: HttpBenchResult = {
    benchmark: 'http',
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    connections: settings.connections,
    workers: settings.workers,
    rounds: settings.rounds,
    roundSeconds: settings.roundSeconds,
    reasons,
    comparisons,
    allTargetsMet: comparisons.every((c) => c.ratioMet && c.p99Met !== false),
  };
  if (settings.log) {
    console.log(result.allTargetsMet ? 'All HTTP targets met.' : 'Some HTTP targets MISSED (see above).');
  }
  if (write) {
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, 'http.json');
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    if (settings.log) console.log(`wrote ${file}`);
  }
  return result;
}

/** A whole number from 1 to 1000 in `env[name]`, or undefined when unset; anything else throws. */
function countFromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 1000) {
    throw new Error(`${name}="${raw}" must be a whole number from 1 to 1000`);
  }
  return value;
}

export function httpBenchOptionsFromEnv(env: NodeJS.ProcessEnv): HttpBenchOptions {
  const rounds = countFromEnv(env, 'BENCH_ROUNDS');
  const roundSeconds = countFromEnv(env, 'BENCH_ROUND_SECONDS');
  const workers = countFromEnv(env, 'BENCH_WEB_CONCURRENCY');
  return {
    postgresUrl: env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined,
    profile: env.BENCH_PROFILE === '1',
    ...(rounds ? { rounds } : {}),
    ...(roundSeconds ? { roundSeconds } : {}),
    ...(workers ? { workers } : {}),
  };
}

const runDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (runDirectly) {
  runHttpBench(httpBenchOptionsFromEnv(process.env)).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
