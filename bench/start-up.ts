import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot } from '../tests/support/server-process';

// docs/ARCHITECTURE.md "Supervision": how long the server takes from its command to its first
// healthy answer, and how much memory its tree (the primary and 2 workers) holds a moment later,
// run as compiled JavaScript (`npm start` today) against the TypeScript sources through tsx's
// loader (`npm start` before). The two alternate, five rounds each, and the medians are printed
// with their ratio. Needs a build: `npm run build`. Run: `npx tsx bench/start-up.ts`.

const rounds = Number(process.env.BENCH_START_ROUNDS ?? 5);
const commands = {
  tsx: ['--import', 'tsx', 'src/server/main.ts'],
  compiled: ['--enable-source-maps', 'dist/app/main.js'],
} as const;
type Mode = keyof typeof commands;

/** Resident memory, in MiB, of `pid` and every process below it. */
function treeRss(pid: number): number {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of rows)
      if (tree.has(parent) && !tree.has(child)) grew = Boolean(tree.add(child));
  }
  return rows.filter(([p]) => tree.has(p)).reduce((sum, [, , rss]) => sum + rss, 0) / 1024;
}

async function startOnce(mode: Mode, dir: string, round: number): Promise<{ ms: number; mib: number }> {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, commands[mode], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${join(dir, `${mode}-${round}.sqlite`)}`,
    },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return { ms, mib: treeRss(server.pid!) };
  } finally {
    process.kill(-server.pid!, 'SIGKILL');
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'belief-map-start-up-'));
try {
  const results: Record<Mode, { ms: number; mib: number }[]> = { tsx: [], compiled: [] };
  for (let round = 0; round < rounds; round++)
    for (const mode of ['tsx', 'compiled'] as const) results[mode].push(await startOnce(mode, dir, round));
  const ms = (mode: Mode) => median(results[mode].map((r) => r.ms));
  const mib = (mode: Mode) => median(results[mode].map((r) => r.mib));
  for (const mode of ['tsx', 'compiled'] as const)
    console.log(
      `${mode.padEnd(8)} start ${ms(mode).toFixed(0)} ms, memory ${mib(mode).toFixed(0)} MiB (medians of ${rounds})`,
    );
  console.log(
    `compiled / tsx: start ${(ms('compiled') / ms('tsx')).toFixed(2)}, memory ${(mib('compiled') / mib('tsx')).toFixed(2)}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
