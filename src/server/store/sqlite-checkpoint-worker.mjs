// @ts-check
// The SQLite checkpointer's thread (sqlite-checkpointer.ts starts it). Plain JavaScript, checked
// by TypeScript through its JSDoc types, so that the same file runs as it is under node, tsx and
// Vitest: a worker thread does not inherit the TypeScript loader of the thread that starts it.
import Database from 'better-sqlite3';
import { clearInterval, setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * @typedef {object} CheckpointWorkerData
 * @property {string} path The database file.
 * @property {number} intervalMs How often to checkpoint.
 * @property {number} restartPages Log length (pages) from which a nearly copied log is started over.
 */

/**
 * Messages to the starting thread: a checkpoint that failed (it tries again next round, and the
 * main connection's own checkpoints bound the log meanwhile), or a connection that could not be
 * opened (the thread then ends).
 * @typedef {{ type: 'error', message: string, fatal: boolean }} CheckpointWorkerMessage
 */

const port = parentPort;
if (!port) throw new Error('sqlite-checkpoint-worker.mjs runs only as a worker thread');
const { path, intervalMs, restartPages } = /** @type {CheckpointWorkerData} */ (workerData);

/**
 * @param {unknown} error
 * @param {boolean} fatal
 */
function report(error, fatal) {
  /** @type {CheckpointWorkerMessage} */
  const message = { type: 'error', message: error instanceof Error ? error.message : String(error), fatal };
  port?.postMessage(message);
}

/** @type {import('better-sqlite3').Database} */
let db;
try {
  db = new Database(path, { fileMustExist: true });
  db.pragma('busy_timeout = 1000');
  db.pragma('synchronous = NORMAL');
} catch (error) {
  report(error, true);
  port.close();
  process.exit(0);
}

const timer = setInterval(() => {
  try {
    const [result] = /** @type {{ log: number, checkpointed: number }[]} */ (
      db.pragma('wal_checkpoint(PASSIVE)')
    );
    if (!result) return;
    // Under a steady stream of commits a passive checkpoint never catches the last frame, so the
    // log is never started over and grows. Once it is long and nearly all copied, a RESTART
    // copies the few frames left, holding the writer for only that long, and the next commit
    // starts the log from its beginning again.
    if (result.log >= restartPages && result.log - result.checkpointed < restartPages / 8) {
      db.pragma('wal_checkpoint(RESTART)');
    }
  } catch (error) {
    // A checkpoint that cannot get its locks reports "busy" in its result and does not throw:
    // this is a real failure (I/O, a damaged file), which the store logs.
    report(error, false);
  }
}, intervalMs);

port.on('message', () => {
  clearInterval(timer);
  db.close();
  port.close();
});
