import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MapData } from '../src/domain/belief-map';
import { compareMaps } from '../src/domain/compare';
import { cruxesOfDiff } from '../src/domain/cruxes';
import { generateMapPair } from '../src/domain/test-support/map-pair-generator';

// Rule C7: comparing is linear in the number of reasons. Two maps of 1,000 and of 10,000 reasons
// are compared in the same run, so the 10k/1k ratio does not depend on the machine's speed: near 10
// when linear, near 100 when quadratic. Caches do show, though: 1,000 reasons fit in a core's cache
// and 10,000 do not, so even one plain pass over the reasons grows by more than 10. That pass is
// measured too, as a baseline, and compareMaps's ratio is reported against it as well.
// 10,000 is above the 1,000-reason limit of stored maps (V5); compareMaps takes typed data and never
// checks it, which lets us measure the growth.

interface Timing {
  /** Median time of one call, in milliseconds. */
  medianMs: number;
  minMs: number;
}

export interface CompareBenchSize extends Timing {
  reasons: number;
  samples: number;
  callsPerSample: number;
  diff: { added: number; deleted: number; changed: number; unchanged: number };
  /** The same maps, one pass reading every field of every reason: the least a compare must do. */
  baseline: Timing;
  /** compareMaps and findCruxes together, as the compare page runs them (rule X3). */
  withCruxes: Timing;
  cruxes: number;
}

export interface CompareBenchResult {
  benchmark: 'compareMaps';
  date: string;
  node: string;
  sizes: [CompareBenchSize, CompareBenchSize];
  /** compareMaps's median time for 10,000 reasons over that for 1,000: near 10 when linear. */
  ratio: number;
  /** The same ratio for the baseline pass: what linear growth costs on this machine. */
  baselineRatio: number;
  /** `ratio / baselineRatio`: near 1 when compareMaps grows as a single linear pass does. */
  ratioVsBaseline: number;
  /** compareMaps + cruxesOfDiff, 10k over 1k: near 10 when linear (rule X3). */
  cruxRatio: number;
  /** compareMaps + cruxesOfDiff on 10,000 reasons over the baseline pass on the same maps. */
  cruxVsBaseline: number;
}

export interface CompareBenchOptions {
  /** Timed samples per size; the median is reported. */
  samples?: number;
  /** Write the figures to bench/results/compare.json (default true). */
  write?: boolean;
  /** Print the figures (default true). */
  log?: boolean;
}

/** Reasons handled per timed sample, whatever the map size, so both sizes get equal work. */
const reasonsPerSample = 200_000;
const resultsFile = resolve(dirname(fileURLToPath(import.meta.url)), 'results', 'compare.json');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Reads every field of every reason of both maps once. */
function scanReasons(base: MapData, modified: MapData): number {
  let checksum = 0;
  for (const map of [base, modified]) {
    for (const reason of map.reasons) {
      checksum += reason.id.length + reason.title.length + (reason.relevance?.length ?? 0);
      if (reason.belief === reason.support) checksum++;
    }
  }
  return checksum;
}

/** Warms `fn` up, then times `samples` batches of `calls` calls and returns per-call figures. */
function time(fn: () => number, calls: number, samples: number): Timing {
  // Results feed a sink so the calls cannot be optimised away.
  let sink = 0;
  const batch = () => {
    for (let call = 0; call < calls; call++) sink += fn();
  };
  // Warm up: let the JIT compile the code for this shape and size before timing.
  for (let round = 0; round < 5; round++) batch();
  const times: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const start = performance.now();
    batch();
    times.push((performance.now() - start) / calls);
  }
  if (Number.isNaN(sink)) throw new Error('unreachable');
  return { medianMs: median(times), minMs: Math.min(...times) };
}

function measure(reasons: number, samples: number): CompareBenchSize {
  const { base, modified } = generateMapPair(reasons, reasons);
  const diff = compareMaps(base, modified);
  const callsPerSample = Math.max(1, Math.round(reasonsPerSample / reasons));
  const baseline = time(() => scanReasons(base, modified), callsPerSample, samples);
  const timing = time(() => compareMaps(base, modified).changed.length, callsPerSample, samples);
  const withCruxes = time(() => cruxesOfDiff(compareMaps(base, modified)).length, callsPerSample, samples);
  return {
    reasons,
    ...timing,
    samples,
    callsPerSample,
    diff: {
      added: diff.added.length,
      deleted: diff.deleted.length,
      changed: diff.changed.length,
      unchanged: diff.unchanged.length,
    },
    baseline,
    withCruxes,
    cruxes: cruxesOfDiff(diff).length,
  };
}

const formatMs = (ms: number) => `${ms.toFixed(ms < 1 ? 3 : 2)} ms`;

/**
 * Times compareMaps on two maps of 1,000 and of 10,000 reasons (a mix of added, deleted, changed
 * and unchanged), prints the median time of each, their ratio and a baseline's, and writes the
 * figures to bench/results/compare.json. `bench/run.ts` imports this; running the file calls it.
 */
export async function runCompareBench(options: CompareBenchOptions = {}): Promise<CompareBenchResult> {
  const { samples = 21, write = true, log = true } = options;
  const small = measure(1_000, samples);
  const large = measure(10_000, samples);
  const ratio = large.medianMs / small.medianMs;
  const baselineRatio = large.baseline.medianMs / small.baseline.medianMs;
  const result: CompareBenchResult = {
    benchmark: 'compareMaps',
    date: new Date().toISOString(),
    node: process.version,
    sizes: [small, large],
    ratio,
    baselineRatio,
    ratioVsBaseline: ratio / baselineRatio,
    cruxRatio: large.withCruxes.medianMs / small.withCruxes.medianMs,
    cruxVsBaseline: large.withCruxes.medianMs / large.baseline.medianMs,
  };
  if (log) {
    for (const size of result.sizes) {
      const { added, deleted, changed, unchanged } = size.diff;
      console.log(
        `compareMaps ${size.reasons.toLocaleString('en').padStart(6)} reasons: ${formatMs(size.medianMs)} ` +
          `(median of ${size.samples}; ${added} added, ${deleted} deleted, ${changed} changed, ${unchanged} unchanged)`,
      );
    }
    console.log(`compareMaps 10k/1k ratio: ${ratio.toFixed(1)} (linear ≈ 10, quadratic ≈ 100)`);
    console.log(
      `baseline (one pass over the reasons) 10k/1k ratio: ${baselineRatio.toFixed(1)}; ` +
        `compareMaps against it: ${result.ratioVsBaseline.toFixed(2)} (linear ≈ 1)`,
    );
    console.log(
      `compareMaps + cruxesOfDiff 10,000 reasons: ${formatMs(large.withCruxes.medianMs)} ` +
        `(${large.cruxes} cruxes; budget 20 ms; ${result.cruxVsBaseline.toFixed(1)}× the baseline pass ` +
        `of ${formatMs(large.baseline.medianMs)}); 10k/1k ratio ${result.cruxRatio.toFixed(1)} (linear ≈ 10)`,
    );
  }
  if (write) {
    mkdirSync(dirname(resultsFile), { recursive: true });
    writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
    if (log) console.log(`wrote ${resultsFile}`);
  }
  return result;
}

const runDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (runDirectly) {
  runCompareBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
