import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { buildApp } from '../../../src/server/app';
import { parseConfig } from '../../../src/server/config';
import { openSqliteStore } from '../../../src/server/store/sqlite-store';

// Browser tests run the real server (buildApp over a temporary SQLite file, serving the built
// client from dist/client) on a free port, and drive Debian's Chromium through playwright-core.
// Tests do not call these directly: the fixtures of fixtures.ts do, and close what they start.

export const clientDir = resolve(import.meta.dirname, '../../../dist/client');

export interface RunningApp {
  baseUrl: string;
  close(): Promise<void>;
}

/** Where startApp serves the client from, and on which port (0: any free one). */
export interface StartOptions {
  clientDir?: string;
  port?: number;
}

/** Starts the app on 127.0.0.1 with a fresh database; `env` overrides settings (see config.ts). */
export async function startApp(
  env: Record<string, string> = {},
  { clientDir: servedDir = clientDir, port = 0 }: StartOptions = {},
): Promise<RunningApp> {
  const dir = mkdtempSync(join(tmpdir(), 'belief-map-e2e-'));
  const parsed = parseConfig(
    {
      DATABASE_URL: `sqlite:${join(dir, 'e2e.sqlite')}`,
      CREATE_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      // The server shares its process with the test runner and Playwright, so its event-loop delay
      // measures them, not the app: shedding on it made pages answer 503 under a loaded machine.
      // Load shedding is tested where it is measured alone (tests/api, the attack suite).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    servedDir,
  );
  if (!parsed.ok) throw new Error(parsed.error);
  const store = openSqliteStore(join(dir, 'e2e.sqlite'));
  const app = await buildApp(parsed.value, { store, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Headless Chromium with the flags of scripts/chromium.mjs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs], headless: true });
}
