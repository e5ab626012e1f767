import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// Copies the SQLite write-ahead log back into the database file on a thread of its own.
//
// In WAL mode every commit appends pages to the log, and once the log passes wal_autocheckpoint
// pages, the commit that crossed the line copies them all into the database file and waits for
// two fsyncs, on the event loop. Under a stream of publishes that wait was most of a publish's
// time (and every request behind it waited too). Here a worker thread with its own connection
// runs a PASSIVE checkpoint every `intervalMs`, which never blocks readers or the writer, so the
// event loop only appends to the log. The main connection keeps a high wal_autocheckpoint as a
// safety net in case this thread stops.

/** The worker's code: plain CommonJS, so that it runs the same under node, tsx and Vitest. */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 1000');
db.pragma('synchronous = NORMAL');
const timer = setInterval(() => {
  try {
    const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
    // Under a steady stream of commits a passive checkpoint never catches the last frame, so the
    // log is never started over and grows. Once it is long and nearly all copied, a RESTART
    // copies the few frames left, holding the writer for only that long, and the next commit
    // starts the log from its beginning again.
    if (log >= workerData.restartPages && log - checkpointed < workerData.restartPages / 8) {
      db.pragma('wal_checkpoint(RESTART)');
    }
  } catch {
    // Busy or failed this time: the next round tries again, and the main connection's own
    // checkpoints bound the log meanwhile.
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the thread and closes its connection; resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing the database at `path` every `intervalMs` on a worker thread, starting
 * the log over once it reaches `restartPages` pages (16,384 pages of 4 KiB: 64 MiB).
 */
export function startCheckpointer(path: string, intervalMs = 100, restartPages = 16_384): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { driver, path, intervalMs, restartPages },
  });
  // The thread never keeps the process alive, and a failure in it is not the process's failure:
  // the main connection's own checkpoints take over.
  worker.unref();
  worker.on('error', () => {});
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= (async () => {
        worker.postMessage('stop');
        // A thread stuck in a checkpoint gets a second to finish before it is ended.
        const timer = setTimeout(() => void worker.terminate(), 1_000);
        await exited;
        clearTimeout(timer);
      })();
      return stopped;
    },
  };
}
