import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Reason, ReasonId } from '../src/domain/belief-map';
import { findSimilarReasons, titleWords } from '../src/domain/similarity';

// Rule T4: pairing the added reasons of two independently written maps with their deleted ones goes
// through an index of words. Two maps of 100 and of 1,000 reasons (every id different, as when two
// people wrote them apart) are paired in the same run: the 1k/100 ratio is near 10 when the work
// grows linearly and near 100 when every pair is scored. The baseline is the least pairing must
// do, reading the words of every title once, and the ratio is reported against it as well.

// Titles as people write them about one subject: most name it ("Elm Street", "the lane"), and the
// rest of their words come from a wide vocabulary in which a few words are common and most rare
// (a Zipf-like draw over 3,000 made-up words).
const subject = ['elm', 'street', 'lane'];
const vocabulary = Array.from({ length: 3000 }, (_, n) => `w${n.toString(36)}`);

/** Reproducible pseudo-random titles of 4 to 9 words (a linear congruential generator). */
function titles(count: number, seed: number): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => {
    const words = subject.filter(() => next() < 0.7);
    for (let n = 4 + Math.floor(next() * 6) - words.length; n > 0; n--)
      words.push(vocabulary[Math.floor(vocabulary.length * next() ** 3)]!);
    return words.join(' ');
  });
}

const reasonsOf = (list: string[], offset: number): Reason[] =>
  list.map((title, n) => ({
    id: `00000000-0000-4000-8000-${(offset + n).toString(16).padStart(12, '0')}` as ReasonId,
    title,
    relevance: null,
    belief: null,
    support: null,
  }));

function medianMs(fn: () => number, samples: number): number {
  let sink = 0;
  for (let i = 0; i < 3; i++) sink += fn();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    sink += fn();
    times.push(performance.now() - start);
  }
  if (sink === -1) console.log(sink);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export interface SimilarityBenchResult {
  benchmark: 'findSimilarReasons';
  /** Median milliseconds to pair 1,000 added with 1,000 deleted reasons. */
  thousandMs: number;
  ratio: number;
  baselineRatio: number;
  ratioVsBaseline: number;
}

export function runSimilarityBench(samples = 15): SimilarityBenchResult {
  const measure = (size: number) => {
    const added = reasonsOf(titles(size, 7), 0);
    const deleted = reasonsOf(titles(size, 11), size);
    return {
      pairing: medianMs(() => findSimilarReasons(added, deleted).size, samples),
      baseline: medianMs(
        () => [...added, ...deleted].reduce((n, r) => n + titleWords(r.title).size, 0),
        samples,
      ),
    };
  };
  const small = measure(100);
  const large = measure(1000);
  const ratio = large.pairing / small.pairing;
  const baselineRatio = large.baseline / small.baseline;
  const result: SimilarityBenchResult = {
    benchmark: 'findSimilarReasons',
    thousandMs: large.pairing,
    ratio,
    baselineRatio,
    ratioVsBaseline: ratio / baselineRatio,
  };
  console.log(
    `findSimilarReasons: 1,000 × 1,000 reasons in ${large.pairing.toFixed(2)} ms (100 × 100: ` +
      `${small.pairing.toFixed(2)} ms); 1k/100 ratio ${ratio.toFixed(1)}, baseline (reading every ` +
      `title's words) ${baselineRatio.toFixed(1)}, ratio vs baseline ${result.ratioVsBaseline.toFixed(2)}`,
  );
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runSimilarityBench();
