import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { defaultLimits } from '../src/domain/limits';
import { findForbiddenKey, MapBodyReader } from '../src/server/http/json-body';
import { publishBody, sampleMapData } from '../tests/support/maps';

// The request-body reader (src/server/http/json-body.ts) against what it replaced (Fastify reading the
// whole body, then JSON.parse and a walk for prototype keys), in the same run, both given the
// body as the socket gives it, in 64 KB chunks: time and heap per body for an ordinary map, the
// largest map the limits allow, and the two hostile bodies of PRODUCT §14 (2 MiB of empty objects
// under an unknown field; a million nested arrays). The baseline builds whatever it is given;
// the bounded reader must cost about the same on maps and refuse the hostile bodies at once.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export interface BodyBenchRow {
  body: string;
  chars: number;
  /** Median milliseconds and largest heap growth (MB) of one parse. */
  baseline: { medianMs: number; heapMb: number; outcome: 'parsed' | 'refused' };
  bounded: { medianMs: number; heapMb: number; outcome: 'parsed' | 'refused' };
}

/** The body in the chunks a socket hands over. */
function chunked(text: string): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 64 * 1024) chunks.push(bytes.subarray(at, at + 64 * 1024));
  return chunks;
}

const unboundedParse = (chunks: Buffer[]): unknown => {
  const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  findForbiddenKey(value);
  return value;
};

const boundedParse = (chunks: Buffer[]): unknown => {
  const reader = new MapBodyReader(defaultLimits, 2 * 1024 * 1024);
  for (const chunk of chunks) reader.push(chunk);
  return reader.finish();
};

function bodies(): [string, string][] {
  const largest = sampleMapData(defaultLimits.reasonCount);
  for (const reason of largest.reasons) reason.relevance = 'v'.repeat(1850);
  const head = '{"version":"1.0","data":{"title":"x","description":null,"reasons":[]},"junk":[';
  const objects = Math.floor((2 * 1024 * 1024 - head.length - 2) / 3);
  return [
    ['20-reason map', publishBody(sampleMapData(20))],
    ['1,000-reason map', publishBody(largest)],
    ['2 MiB of {} (hostile)', `${head}${Array(objects).fill('{}').join(',')}]}`],
    ['1M nested [ (hostile)', '['.repeat(1_000_000) + ']'.repeat(1_000_000)],
  ];
}

/** Median time of one parse over `samples` batches of `batch` parses, and the heap one parse adds. */
function measure(parse: (chunks: Buffer[]) => unknown, chunks: Buffer[], samples: number, batch: number) {
  let outcome: 'parsed' | 'refused' = 'parsed';
  const once = () => {
    try {
      return parse(chunks);
    } catch {
      outcome = 'refused';
      return null;
    }
  };
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept = once();
  const heapMb = (process.memoryUsage().heapUsed - before) / 1e6;
  void kept;
  const times: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) once();
    times.push(Number(process.hrtime.bigint() - started) / 1e6 / batch);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[times.length >> 1]!, heapMb, outcome };
}

const resultsFile = resolve(dirname(fileURLToPath(import.meta.url)), 'results', 'body.json');

/** Measures both parsers on each body (alternating, so drift hits both), prints and writes. */
export function runBodyBench(options: { write?: boolean; log?: boolean } = {}): BodyBenchRow[] {
  const rows = bodies().map(([body, text]): BodyBenchRow => {
    const batch = text.length > 100_000 ? 10 : 500;
    const chunks = chunked(text);
    measure(unboundedParse, chunks, 3, batch);
    measure(boundedParse, chunks, 3, batch);
    return {
      body,
      chars: text.length,
      baseline: measure(unboundedParse, chunks, 15, batch),
      bounded: measure(boundedParse, chunks, 15, batch),
    };
  });
  if (options.log ?? true) {
    console.log('\nRequest bodies in 64 KB chunks: read whole + JSON.parse (before) vs MapBodyReader (now)');
    console.log('body                    before: ms   heap MB   outcome   now: ms   heap MB   outcome');
    for (const r of rows) {
      const cell = (m: BodyBenchRow['bounded']) =>
        `${m.medianMs.toFixed(3).padStart(9)} ${m.heapMb.toFixed(1).padStart(9)}   ${m.outcome.padEnd(8)}`;
      console.log(`${r.body.padEnd(22)} ${cell(r.baseline)}  ${cell(r.bounded)}`);
    }
  }
  if (options.write ?? true) {
    mkdirSync(dirname(resultsFile), { recursive: true });
    writeFileSync(
      resultsFile,
      `${JSON.stringify({ benchmark: 'body', date: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`,
    );
  }
  return rows;
}

const runDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (runDirectly) runBodyBench();
