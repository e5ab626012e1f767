import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { importMap } from '../src/domain/formats/import-map';

// Rule F9: a Kialo export of about 1 MB, in the layout Kialo writes since 2023 (texts on indented
// lines, footnote marks and a `Sources:` list, links), is imported in well under a second. The
// baseline is JSON.parse of a JSON string holding the same bytes, the least any reader of them does,
// measured in the same run: the ratio says how many such passes the import costs.

/** A made-up export: 5 top-level claims, each with a tree of 3 children a level, 6 levels deep. */
function kialoExport(targetBytes: number): string {
  const lines = ['Discussion Name: A made-up discussion of many claims?', '', '1. Thesis: The thesis.'];
  let sources = 0;
  let bytes = 0;
  const claim = (id: string, depth: number): void => {
    if (bytes > targetBytes) return;
    const side = id.length % 2 === 0 ? 'Pro' : 'Con';
    const mark = depth % 2 === 0 ? ` [${++sources}]` : '';
    const text = `    Claim ${id} says something about the claim above it, at some length${mark}.`;
    const link = depth === 5 && id.endsWith('3.') ? '    -> See 1.1.' : text;
    lines.push(`${id} ${side}:`, link);
    // Each mark adds a line to the sources, about as long as a claim's first line.
    bytes += id.length + side.length + link.length + 4 + (mark === '' ? 0 : 40);
    if (depth < 6) for (let n = 1; n <= 3; n++) claim(`${id}${n}.`, depth + 1);
  };
  for (let n = 1; bytes <= targetBytes; n++) claim(`1.${n}.`, 1);
  lines.push('', 'Sources:');
  for (let n = 1; n <= sources; n++) lines.push(`[${n}] Source ${n}, https://example.org/${n}`);
  return lines.join('\n');
}

function medianMs(fn: () => number, samples: number): number {
  let sink = 0;
  sink += fn();
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

export interface ImportBenchResult {
  benchmark: 'importMap (Kialo)';
  bytes: number;
  /** Median milliseconds to import the export. */
  importMs: number;
  baselineMs: number;
  ratioVsBaseline: number;
}

export function runImportBench(samples = 7): ImportBenchResult {
  const text = kialoExport(1024 * 1024);
  const json = JSON.stringify(text);
  const importMs = medianMs(() => {
    const result = importMap(text);
    if (!result.ok || result.value.format !== 'kialo') throw new Error('the export was not imported');
    return result.value.data.reasons.length;
  }, samples);
  const baselineMs = medianMs(() => (JSON.parse(json) as string).length, samples);
  const result: ImportBenchResult = {
    benchmark: 'importMap (Kialo)',
    bytes: text.length,
    importMs,
    baselineMs,
    ratioVsBaseline: importMs / baselineMs,
  };
  console.log(
    `importMap (Kialo): ${(text.length / 1024).toFixed(0)} KB in ${importMs.toFixed(1)} ms; ` +
      `JSON.parse of the same bytes ${baselineMs.toFixed(2)} ms; ratio ${result.ratioVsBaseline.toFixed(1)}`,
  );
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runImportBench();
