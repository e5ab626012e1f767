import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The real server process (src/server/main.ts, as `npm start` runs it) for tests and benchmarks
// that must kill it, restart it, or keep its event loop apart from the load generator's.

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A port that was free a moment ago on 127.0.0.1 (main.ts does not print the port it got for 0). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

export interface ServerProcess {
  /** `http://127.0.0.1:PORT` */
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves when the process has exited, however it ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL if it is still running after `graceMs`; resolves once it is gone. */
  stop(graceMs?: number): Promise<void>;
}

export interface ServerProcessOptions {
  /** The script to run, from the repository's root (default the server, src/server/main.ts). */
  entry?: string;
  /** Settings for main.ts on top of the defaults below (HOST, PORT, LOG_LEVEL, CREATE_RATE_LIMIT). */
  env?: Record<string, string>;
  /** Extra Node flags, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** How long to wait for /healthz to answer 200. */
  startTimeoutMs?: number;
  /** The checkout to run it from (default this one): a bench runs an older build beside it. */
  root?: string;
}

/**
 * Starts main.ts on a free port of 127.0.0.1 in one Node process (no tsx wrapper process, so a
 * signal reaches the server itself) and resolves once /healthz answers 200.
 */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const entry = options.entry ?? 'src/server/main.ts';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', entry], {
    cwd: options.root ?? repoRoot,
    // Only what is set here: no PORT or DATABASE_URL leaks in from the shell.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? options.root ?? repoRoot,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      CREATE_RATE_LIMIT: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  let gone = false;
  // A test or benchmark that ends without stopping its server (a timeout, a crash) takes it along.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => {
    gone = true;
    process.removeListener('exit', killOnExit);
  });
  const url = `http://127.0.0.1:${port}`;

  const stop = async (graceMs = 10_000) => {
    if (gone) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  for (;;) {
    if (gone) throw new Error(`${entry} exited before answering:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${entry} did not answer /healthz within the deadline:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  return { url, child, output: () => output, exited, stop };
}

/**
 * The workers of the primary `pid` started by `npm start`: its child processes that run the
 * server (not, say, the esbuild service tsx starts).
 */
export function workerPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat, after the command name in parentheses, is the parent's pid.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('src/server/main.ts'))
        children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children.sort((a, b) => a - b);
}

/** Every process below `pid`: its children, theirs, and so on (not threads). */
export function descendantPids(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const below: number[] = [];
  const visit = (parent: number) => {
    for (const [child, itsParent] of parents)
      if (itsParent === parent) {
        below.push(child);
        visit(child);
      }
  };
  visit(pid);
  return below.sort((a, b) => a - b);
}

/** True while process `pid` exists (a zombie counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** Resident memory of `pid` in bytes, from /proc (0 once it has ended). */
export function rssBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
