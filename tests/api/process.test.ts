import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { settings } from '../../src/server/config';
import { makeTempDir, mapRequest, removeDir } from './helpers';

// PRODUCT §2.1, §2.3: the server process (src/server/main.ts, as `npm start` runs it): bad configuration
// stops it with one line naming the bad value, --help lists the settings, and SIGTERM stops it
// cleanly with the database closed. Each process has a deadline and is killed in afterAll.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// tsx directly rather than through npx, whose own warnings would mix into stderr.
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const deadlineMs = 20_000;

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const runs: Run[] = [];
const dir = makeTempDir();

afterAll(() => {
  for (const run of runs) {
    // The process group: tsx and the node process it starts.
    if (run.child.exitCode === null && run.child.signalCode === null) {
      try {
        process.kill(-run.child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
  removeDir(dir);
});

function startMain(env: Record<string, string>, args: string[] = []): Run {
  const child = spawn(tsx, ['src/server/main.ts', ...args], {
    cwd: root,
    // Only what the test sets: no PORT or DATABASE_URL leaks in from the shell running the tests.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolveExit, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`main.ts still running after ${deadlineMs} ms:\n${stdout}\n${stderr}`)),
        deadlineMs,
      );
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        resolveExit({ code, signal });
      });
    },
  );
  const run = { child, stdout: () => stdout, stderr: () => stderr, exited };
  runs.push(run);
  return run;
}

/**
 * Resolves when the process's stdout matches `pattern` (or `seen` answers true), checked on each
 * chunk it writes; rejects when it ends its output first, or after the deadline.
 */
function waitForOutput(run: Run, pattern: RegExp): Promise<RegExpMatchArray>;
function waitForOutput(run: Run, seen: () => boolean): Promise<true>;
function waitForOutput(run: Run, pattern: RegExp | (() => boolean)): Promise<RegExpMatchArray | true> {
  const stdout = run.child.stdout!;
  return new Promise((resolveOutput, reject) => {
    const match = () => (typeof pattern === 'function' ? pattern() || null : pattern.exec(run.stdout()));
    const stop = () => {
      clearTimeout(timer);
      stdout.off('data', onData);
      run.child.off('close', onClose);
    };
    // After startMain's own listener, which has appended the chunk to run.stdout().
    const onData = () => {
      const found = match();
      if (found) {
        stop();
        resolveOutput(found);
      }
    };
    const onClose = () => {
      stop();
      const found = match();
      if (found) resolveOutput(found);
      else reject(new Error(`main.ts exited early:\n${run.stdout()}\n${run.stderr()}`));
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no ${String(pattern)} in:\n${run.stdout()}\n${run.stderr()}`));
    }, deadlineMs);
    stdout.on('data', onData);
    run.child.on('close', onClose);
    if (stdout.readableEnded) onClose();
    else onData();
  });
}

/** Expects a failed start: a non-zero exit and exactly one line on stderr, which is returned. */
async function expectOneLineFailure(run: Run): Promise<string> {
  const { code } = await run.exited;
  expect(code, run.stderr()).not.toBe(0);
  expect(code).not.toBeNull();
  const lines = run.stderr().trimEnd().split('\n');
  expect(lines, run.stderr()).toHaveLength(1);
  return lines[0]!;
}

describe('invalid configuration', () => {
  it('exits non-zero with one line naming a database path it cannot create', async () => {
    const file = join(dir, 'a-regular-file');
    writeFileSync(file, 'not a folder');
    const dbPath = join(file, 'x.sqlite');
    const line = await expectOneLineFailure(startMain({ DATABASE_URL: `sqlite:${dbPath}`, PORT: '0' }));
    expect(line).toContain(dbPath);
    expect(line).toMatch(/^Cannot open the database at /);
  }, 30_000);

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://db/maps'],
    ['CREATE_RATE_LIMIT', 'lots'],
    ['LOG_LEVEL', 'loud'],
  ])(
    'exits non-zero with one line naming %s=%s',
    async (name, value) => {
      const dbPath = join(dir, `${name}.sqlite`);
      const run = startMain({ DATABASE_URL: `sqlite:${dbPath}`, [name]: value });
      const line = await expectOneLineFailure(run);
      expect(line).toMatch(
        new RegExp(`^Invalid configuration: ${name}="${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"`),
      );
      expect(run.stdout()).toBe('');
      // Stopped before touching the database.
      expect(existsSync(dbPath)).toBe(false);
    },
    30_000,
  );

  it('exits non-zero with one line when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    try {
      const { port } = blocker.address() as AddressInfo;
      const run = startMain({
        DATABASE_URL: `sqlite:${join(dir, 'taken.sqlite')}`,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'silent',
      });
      const line = await expectOneLineFailure(run);
      expect(line).toContain(`Cannot listen on 127.0.0.1:${port}`);
    } finally {
      blocker.close();
    }
  }, 30_000);
});

describe('--help', () => {
  it('lists every setting and exits 0 without opening a database', async () => {
    const dbPath = join(dir, 'help', 'never.sqlite');
    const run = startMain({ DATABASE_URL: `sqlite:${dbPath}` }, ['--help']);
    const { code } = await run.exited;
    expect(code).toBe(0);
    for (const { name } of settings) expect(run.stdout()).toContain(name);
    expect(existsSync(dbPath)).toBe(false);
  }, 30_000);
});

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, exits 0 and leaves a clean database', async () => {
    const dbPath = join(dir, 'shutdown', 'maps.sqlite');
    const run = startMain({
      DATABASE_URL: `sqlite:${dbPath}`,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
    });
    const [, base] = await waitForOutput(run, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/);

    const first = await fetch(`${base}/api/map/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(mapRequest({ title: 'Before shutdown' })),
    });
    expect(first.status).toBe(200);
    const { data } = (await first.json()) as { data: { mapId: string } };
    expect(existsSync(`${dbPath}-wal`)).toBe(true);

    // A publish whose body is still arriving when the signal comes.
    const body = JSON.stringify(mapRequest({ title: 'During shutdown' }));
    const inFlight = new Promise<{ status: number; connection: string | undefined; body: string }>(
      (resolveRequest, reject) => {
        const req = request(`${base}/api/map/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        });
        req.on('response', (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () =>
            resolveRequest({
              status: response.statusCode!,
              connection: response.headers.connection,
              body: text,
            }),
          );
        });
        req.on('error', reject);
        req.write(body.slice(0, 20));
        // The signal comes once a worker has the request (a connection whose request has not
        // arrived yet is idle, and closing drops idle connections), the rest of the body once the
        // worker says it is shutting down.
        const incoming = /"msg":"incoming request"/g;
        void waitForOutput(run, () => (run.stdout().match(incoming) ?? []).length >= 2)
          .then(() => {
            run.child.kill('SIGTERM');
            return waitForOutput(run, /worker shutting down/);
          })
          .then(() => req.end(body.slice(20)), reject);
      },
    );

    const answer = await inFlight;
    expect(answer.status, answer.body).toBe(200);
    // It also closes its connection, so a keep-alive client cannot hold the process open.
    expect(answer.connection).toBe('close');
    const { code, signal } = await run.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(run.stdout()).toContain('shutting down');

    // Closed cleanly: everything checkpointed into the main file, no WAL left to recover.
    const wal = `${dbPath}-wal`;
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = db
        .prepare<[], { id: string }>('SELECT id FROM maps ORDER BY id')
        .all()
        .map((row) => row.id);
      expect(ids).toHaveLength(2);
      expect(ids).toContain(data.mapId);
      expect(ids).toContain((JSON.parse(answer.body) as { data: { mapId: string } }).data.mapId);
    } finally {
      db.close();
    }
  }, 30_000);
});
