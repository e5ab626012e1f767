import type { FastifyBaseLogger } from 'fastify';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { helpText, parseConfig } from './config';
import { startExpirySweep } from './expiry';
import { openStore } from './store/open-store';

// The process: read configuration, open the database, listen, and stop cleanly on SIGTERM/SIGINT.

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(helpText());
    return;
  }
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const clientDir = join(root, 'dist/client');
  const parsed = parseConfig(process.env, existsSync(join(clientDir, 'index.html')) ? clientDir : null);
  if (!parsed.ok) return fail(`Invalid configuration: ${parsed.error}`);
  const config = parsed.value;

  // The app's logger exists only once the store is open; until then idle errors go unreported
  // (the pool drops the broken connection either way).
  let log: FastifyBaseLogger | null = null;
  const onIdleError = (error: Error) =>
    log?.warn({ err: error }, 'database: an idle connection failed; the next request opens a new one');
  const onBackgroundError = (error: Error) => log?.error({ err: error }, 'database: background work failed');
  let store;
  try {
    store = await openStore(config.database, {
      onIdleError,
      onBackgroundError,
      poolSize: config.databasePoolSize,
    });
  } catch (error) {
    const where = config.database.kind === 'sqlite' ? config.database.path : 'DATABASE_URL';
    return fail(`Cannot open the database at ${where}: ${(error as Error).message}`);
  }

  const app = await buildApp(config, { store });
  log = app.log;
  if (!config.clientDir) app.log.warn('dist/client is missing: serving the API only (run npm run build)');
  const stopSweep = startExpirySweep(store, config.sweepIntervalMs, () => new Date(), app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    stopSweep();
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    await app.close();
    app.log.info('stopped');
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    stopSweep();
    await app.close(); // closes the store too
    return fail(`Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
}

function fail(line: string): void {
  process.stderr.write(`${line}\n`);
  process.exitCode = 1;
}

await main();
