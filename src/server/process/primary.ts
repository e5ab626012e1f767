import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { isWorkerMessage, restartDelayMs, youngDeathMs, type PrimaryMessage } from '../cluster-messages';
import type { Config } from '../config';
import { startExpirySweep } from '../store/expiry-sweep';
import { serveBuckets } from '../rate-limit/shared-buckets';
import { openStore } from '../store/open-store';

// The primary of `npm start` (PRODUCT §2, §14): it serves no request itself. It runs the
// database migrations once, before any worker starts; does the background work once for the
// machine (the expiry sweep, and SQLite's checkpoints); keeps the publish rate-limit buckets for
// all workers when there is no Redis; forks WEB_CONCURRENCY workers and replaces one that dies
// (later and later if they keep dying young); and on SIGTERM/SIGINT tells every worker to finish
// its requests in flight, waits for them all, then closes the database and exits.

const drainDeadlineMs = 15_000;

export async function runPrimary(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel });
  const fail = (line: string) => {
    process.stderr.write(`${line}\n`);
    process.exitCode = 1;
  };

  let store;
  try {
    store = await openStore(config.database, {
      checkpoints: 'at-once',
      poolSize: 2,
      onBackgroundError: (error) => log.error({ err: error }, 'database: background work failed'),
      onIdleError: (error) => log.warn({ err: error }, 'database: an idle connection failed'),
    });
  } catch (error) {
    const where = config.database.kind === 'sqlite' ? config.database.path : 'DATABASE_URL';
    return fail(`Cannot open the database at ${where}: ${(error as Error).message}`);
  }
  if (!config.clientDir) log.warn('dist/client is missing: serving the API only (run npm run build)');
  const stopSweep = startExpirySweep(store, config.sweepIntervalMs, () => new Date(), log);
  const takeToken = serveBuckets();

  let stopping = false;
  let serving = false;
  let youngDeaths = 0;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.on('message', (message: unknown) => {
      if (!isWorkerMessage(message)) return;
      if (message.type === 'take-token') takeToken(worker, message);
      // A worker that cannot start before any serves (a taken port, a database it cannot open)
      // stops the service with its one line; later, the others keep serving and it is replaced.
      else if (message.type === 'fatal' && !serving) void stop('a worker could not start', message.line);
      else if (message.type === 'fatal') log.error({ worker: worker.id }, message.line);
    });
  };
  cluster.on('listening', () => {
    serving = true;
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    youngDeaths = lived < youngDeathMs ? youngDeaths + 1 : 1;
    const delay = restartDelayMs(youngDeaths);
    log.error(
      { worker: worker.id, pid: worker.process.pid, code, signal, restartInMs: delay },
      'worker died; replacing it',
    );
    setTimeout(fork, delay).unref();
  });

  const stop = async (why: string, failure?: string) => {
    if (stopping) return;
    stopping = true;
    if (failure) fail(failure);
    log.info({ why }, 'shutting down: draining every worker');
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
    const exited = workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    const shutdown: PrimaryMessage = { type: 'shutdown' };
    for (const worker of workers) if (worker.isConnected()) worker.send(shutdown);
    const force = setTimeout(() => {
      log.error('workers still running after 15 s; killing them');
      for (const worker of workers) worker.process.kill('SIGKILL');
    }, drainDeadlineMs);
    await Promise.all(exited);
    clearTimeout(force);
    stopSweep();
    await store.close();
    log.info('stopped');
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  // Each worker accepts connections from the shared socket itself, as fast as it can, rather than
  // the primary dealing them out in turn: under a flood of large uploads, the primary's queue of
  // connections waiting for a busy worker held a GET for 2.8 s, against 0.3 s at most this way,
  // for the same requests per second in `npm run bench` (docs/ARCHITECTURE.md).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  log.info({ workers: config.webConcurrency }, 'starting workers');
  for (let i = 0; i < config.webConcurrency; i++) fork();
}
