import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { reasonWeight } from '../src/domain/balance';
import { summariseDiscussion } from '../src/domain/discussion/discussion';
import { discussionMaps, matchReasons, type DiscussionMap } from '../src/domain/discussion/match-reasons';
import { generateDiscussion } from '../src/domain/test-support/discussion-generator';

// Rule N12: a discussion's model grows no faster than n log n in maps × reasons. Discussions of 10,
// 100 and 1,000 maps of 200 reasons each (three camps of opinion; of each map's reasons 30% of the
// shared ones written again under a new id and a reworded title, so they match by title, and 10%
// its own) are modelled in the same run, so the 10× ratios do not depend on the machine's speed:
// near 10 when linear, about 13 for n log n, near 100 when quadratic. A baseline pass reading every
// reason once (its weight and its id) shows what linear growth costs here, caches included.

interface Timing {
  /** Median time of one call, in milliseconds. */
  medianMs: number;
  minMs: number;
  /** Median processor time of one call (user + system), in milliseconds: on a machine shared
   * with other work, what the call itself cost. */
  cpuMs: number;
}

export interface DiscussionBenchSize {
  maps: number;
  reasons: number;
  samples: number;
  /** summariseDiscussion, the whole model. */
  model: Timing;
  /** matchReasons alone (rule N2), part of the model. */
  matching: Timing;
  /** One pass over every reason: the least a model must do. */
  baseline: Timing;
  matched: number;
  matchedByTitle: number;
  groups: number;
}

export interface DiscussionBenchResult {
  benchmark: 'summariseDiscussion';
  date: string;
  node: string;
  sizes: DiscussionBenchSize[];
  /** The model's time for 100 maps over that for 10, and for 1,000 over 100. */
  ratios: number[];
  /** The same ratios of processor time, steadier when other work shares the machine. */
  cpuRatios: number[];
  /** What n log n growth would give for the same steps. */
  nLogNRatios: number[];
  baselineRatios: number[];
}

const resultsFile = resolve(dirname(fileURLToPath(import.meta.url)), 'results', 'discussion.json');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Warms `fn` up, then times `samples` calls. Results feed a sink so calls are not optimised away. */
function time(fn: () => number, samples: number): Timing {
  let sink = 0;
  for (let round = 0; round < 2; round++) sink += fn();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    sink += fn();
    const used = process.cpuUsage(startCpu);
    times.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  if (Number.isNaN(sink)) throw new Error('unreachable');
  return { medianMs: median(times), minMs: Math.min(...times), cpuMs: median(cpu) };
}

/** Reads every reason of every map once: its weight (W1) and its id in lower case (C1). */
function scanReasons(maps: readonly DiscussionMap[]): number {
  let checksum = 0;
  for (const map of maps)
    for (const reason of map.data.reasons)
      checksum += (reasonWeight(reason) ?? 0) + reason.id.toLowerCase().length;
  return checksum;
}

function measure(mapCount: number, samples: number): DiscussionBenchSize {
  const maps = generateDiscussion({ maps: mapCount, reasonsPerMap: 200, camps: 3, seed: 24 });
  const discussion = summariseDiscussion(maps);
  return {
    maps: mapCount,
    reasons: mapCount * 200,
    samples,
    model: time(() => summariseDiscussion(maps).reasons.length, samples),
    matching: time(() => matchReasons(discussionMaps(maps, [])).length, samples),
    baseline: time(() => scanReasons(maps), samples),
    matched: discussion.reasons.length,
    matchedByTitle: discussion.reasons.filter((reason) => reason.matchedByTitle).length,
    groups: discussion.opinion.groups.length,
  };
}

const formatMs = (ms: number) => `${ms.toFixed(ms < 1 ? 3 : 1)} ms`;

/**
 * Times summariseDiscussion on 10, 100 and 1,000 maps of 200 reasons, prints each median, the 10×
 * ratios beside what linear and n log n growth would give, and writes the figures to
 * bench/results/discussion.json. `bench/run.ts` imports this; running the file calls it.
 */
export function runDiscussionBench(options: { write?: boolean } = {}): DiscussionBenchResult {
  const sizes = [measure(10, 21), measure(100, 11), measure(1000, 5)];
  const steps = sizes.slice(1).map((size, i) => [sizes[i]!, size] as const);
  const nLogN = (size: DiscussionBenchSize) => size.reasons * Math.log(size.reasons);
  const result: DiscussionBenchResult = {
    benchmark: 'summariseDiscussion',
    date: new Date().toISOString(),
    node: process.version,
    sizes,
    ratios: steps.map(([small, large]) => large.model.medianMs / small.model.medianMs),
    cpuRatios: steps.map(([small, large]) => large.model.cpuMs / small.model.cpuMs),
    nLogNRatios: steps.map(([small, large]) => nLogN(large) / nLogN(small)),
    baselineRatios: steps.map(([small, large]) => large.baseline.medianMs / small.baseline.medianMs),
  };
  for (const size of sizes)
    console.log(
      `summariseDiscussion ${String(size.maps).padStart(5)} maps × 200 reasons: ${formatMs(size.model.medianMs)} ` +
        `(median of ${size.samples}; processor time ${formatMs(size.model.cpuMs)}; matching ${formatMs(size.matching.medianMs)}, baseline pass ` +
        `${formatMs(size.baseline.medianMs)}; ${size.matched} matched reasons, ${size.matchedByTitle} by title, ` +
        `${size.groups} groups)`,
    );
  steps.forEach(([small, large], i) =>
    console.log(
      `summariseDiscussion ${large.maps}/${small.maps} maps ratio: ${result.ratios[i]!.toFixed(1)}, ` +
        `processor time ${result.cpuRatios[i]!.toFixed(1)} ` +
        `(linear ≈ 10, n log n ≈ ${result.nLogNRatios[i]!.toFixed(1)}, quadratic ≈ 100; ` +
        `baseline pass ${result.baselineRatios[i]!.toFixed(1)})`,
    ),
  );
  console.log(
    `summariseDiscussion 100 maps × 200 reasons: ${formatMs(sizes[1]!.model.medianMs)} (budget 100 ms)`,
  );
  if (options.write !== false) {
    mkdirSync(dirname(resultsFile), { recursive: true });
    writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`wrote ${resultsFile}`);
  }
  return result;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)
  runDiscussionBench();
