import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { descendantPids, freePort, isRunning, repoRoot } from '../support/server-process';

// README: `npm start` finishes the requests in flight, then exits, on SIGTERM or SIGINT. A process
// manager or a container signals the command it started, which is npm itself: the signal must
// reach the server through npm, and nothing of the tree may be left running (orphaned workers keep
// the port and the database). The server runs as compiled JavaScript, with no TypeScript loader
// or shell between npm and it.

const dir = mkdtempSync(join(tmpdir(), 'belief-map-npm-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops the server and every worker when npm itself gets %s',
    async (signal) => {
      const port = await freePort();
      const npm = spawn('npm', ['start'], {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? repoRoot,
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'warn',
          WEB_CONCURRENCY: '2',
          DATABASE_URL: `sqlite:${join(dir, `${signal}.sqlite`)}`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
      let tree: number[] = [];
      try {
        // npm start builds first when the build is stale: that may take minutes.
        const ready = await waitFor(async () => {
          try {
            return (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
          } catch {
            return false;
          }
        }, 280_000);
        expect(ready, output).toBe(true);
        // npm, the server's primary and its two workers: nothing else in between.
        await waitFor(() => descendantPids(npm.pid!).length >= 3, 10_000);
        tree = descendantPids(npm.pid!);
        expect(tree, output).toHaveLength(3);
        const commands = tree.map((pid) =>
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '),
        );
        for (const command of commands) {
          expect(command).toContain('dist/app/main.js');
          expect(command).not.toContain('tsx');
        }

        npm.kill(signal);
        await exited;
        const left = await waitFor(() => tree.every((pid) => !isRunning(pid)), 15_000);
        expect(
          tree.filter((pid) => isRunning(pid)),
          `left running after ${signal} to npm:\n${output}`,
        ).toEqual([]);
        expect(left).toBe(true);
      } finally {
        npm.kill('SIGKILL');
        for (const pid of tree) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
      }
    },
    300_000,
  );
});
