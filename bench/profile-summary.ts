import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Reads a V8 CPU profile (node --cpu-prof) and lists where the time went: self time per function,
// and per package (node_modules/<name>, node: internals, our src/), heaviest first. Used by
// `BENCH_PROFILE=1 npm run bench`, or on its own: `tsx bench/profile-summary.ts <file|folder>`.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileLine {
  name: string;
  share: number;
}

const root = fileURLToPath(new URL('..', import.meta.url));

function where(url: string): string {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return url.split('/')[0]!;
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (inModules) return inModules[1]!;
  return relative(root, path);
}

/** Self time by function and by package, as shares of all samples (idle and GC included). */
export function summarizeProfile(
  file: string,
  top = 15,
): { functions: ProfileLine[]; packages: ProfileLine[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const total = [...selfTime.values()].reduce((a, b) => a + b, 0) || 1;
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, time] of selfTime) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const place = where(url);
    const name = `${functionName || '(anonymous)'} ${place}${url ? `:${lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + time);
    const group = ['(idle)', '(garbage collector)', '(program)'].includes(functionName)
      ? functionName
      : place;
    packages.set(group, (packages.get(group) ?? 0) + time);
  }
  const sorted = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, time]) => ({ name, share: time / total }));
  return { functions: sorted(functions), packages: sorted(packages) };
}

export function printProfile(file: string, top = 15): void {
  const { functions, packages } = summarizeProfile(file, top);
  const pct = (share: number) => `${(share * 100).toFixed(1).padStart(5)}%`;
  console.log(`\nprofile ${relative(root, file)}: self time by package`);
  for (const line of packages) console.log(`  ${pct(line.share)}  ${line.name}`);
  console.log('self time by function');
  for (const line of functions) console.log(`  ${pct(line.share)}  ${line.name}`);
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runDirectly) {
  for (const arg of process.argv.slice(2)) {
    const files = arg.endsWith('.cpuprofile')
      ? [arg]
      : readdirSync(arg)
          .filter((f) => f.endsWith('.cpuprofile'))
          .map((f) => join(arg, f));
    for (const file of files) printProfile(file);
  }
}
