import { Worker } from 'node:worker_threads';
import { reportOncePerMinute } from '../once-a-minute';

// Copies the SQLite write-ahead log back into the database file on a thread of its own.
//
// In WAL mode every commit appends pages to the log, and once the log passes wal_autocheckpoint
// pages, the commit that crossed the line copies them all into the database file and waits for
// two fsyncs, on the event loop. Under a stream of publishes that wait was most of a publish's
// time (and every request behind it waited too). Here a worker thread with its own connection
// (sqlite-checkpoint-worker.mjs) runs a PASSIVE checkpoint every `intervalMs`, which never
// blocks readers or the writer, so the event loop only appends to the log. The main connection
// keeps a high wal_autocheckpoint as a safety net in case this thread stops.

export interface Checkpointer {
  /** Stops the thread and closes its connection; resolves once it has exited. */
  stop(): Promise<void>;
}

export interface CheckpointerOptions {
  /** How often to checkpoint (default 100 ms). */
  intervalMs?: number;
  /** Log length, in pages, from which a nearly copied log is started over (default 16,384: 64 MiB). */
  restartPages?: number;
  /** Told when a checkpoint fails or the thread dies, for the log (reportOncePerMinute). */
  onError?: (error: Error) => void;
}

/** Starts checkpointing the database at `path` on a worker thread. */
export function startCheckpointer(path: string, options: CheckpointerOptions = {}): Checkpointer {
  const worker = new Worker(new URL('./sqlite-checkpoint-worker.mjs', import.meta.url), {
    workerData: { path, intervalMs: options.intervalMs ?? 100, restartPages: options.restartPages ?? 16_384 },
  });
  const report = reportOncePerMinute((error) => options.onError?.(error));
  // The thread never keeps the process alive, and its failure is not the process's: the main
  // connection's own checkpoints take over. It is reported, never swallowed.
  worker.unref();
  worker.on('message', (message: { type: 'error'; message: string; fatal: boolean }) => {
    const what = message.fatal ? 'SQLite checkpointer could not start' : 'SQLite checkpoint failed';
    report(new Error(`${what}: ${message.message}`));
  });
  worker.on('error', (error) => report(new Error(`SQLite checkpointer stopped: ${String(error)}`)));
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
