import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { BusyError } from '../http/errors';
import type { PageMeta } from './page-meta';
import type { RenderJob, RenderOutcome, RenderWorkerData } from './page-render-worker';
import type { PreviewImageContent } from './preview-image';
import type { RenderedPage } from './rendered-pages';

// Renders pages and preview pictures on worker threads (page-render-worker.ts), a few at a time,
// so that the event loop goes on answering while a large map's page is made: a 1,000-reason map
// takes ~400 ms of CPU, and 40 first views at once used to stall both workers of a machine for
// seconds. Jobs beyond the threads wait in a bounded queue; past it, a render is refused with
// BusyError (503, Retry-After), which the page route answers by sending the page unrendered (the
// browser renders it) and the picture's route with the 503.

/** The file Vite builds beside the renderer (`dist/server`), from page-render-worker.ts. */
export const pageRenderWorkerFile = 'page-render-worker.js';

export interface PageRenderPool {
  /** The page at `path`, rendered on a thread (`renderPageAt`); rejects with BusyError when too many wait. */
  render(
    path: string,
    meta: PageMeta,
    answers: Readonly<Record<string, string>>,
    titles?: Readonly<Record<string, string>>,
  ): Promise<RenderedPage>;
  /** The link-preview picture of `content` as a PNG, drawn on a thread; rejects as `render` does. */
  renderPreview(content: PreviewImageContent): Promise<Buffer>;
  /** Ends the threads; renders still waiting are refused. */
  close(): Promise<void>;
}

export interface PageRenderPoolOptions {
  clientDir: string;
  serverDir: string;
  /** Threads rendering at once. */
  threads: number;
  /** Renders that may wait for a thread; more are refused. */
  maxQueued: number;
  /** Told when a thread fails (it is replaced). */
  onThreadError?: (error: Error) => void;
}

interface Pending {
  job: RenderJob;
  resolve: (page: RenderedPage) => void;
  reject: (error: Error) => void;
}

/** A pool over the worker built into `serverDir`, or null when that build has none. */
export function pageRenderPool(options: PageRenderPoolOptions): PageRenderPool | null {
  const file = join(options.serverDir, pageRenderWorkerFile);
  if (!existsSync(file)) return null;
  const workerData: RenderWorkerData = { clientDir: options.clientDir, serverDir: options.serverDir };
  const queue: Pending[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  let closed = false;
  let broken = false;
  let failuresInARow = 0;

  const next = (worker: Worker) => {
    const pending = queue.shift();
    if (!pending) {
      idle.push(worker);
      return;
    }
    busy.set(worker, pending);
    worker.postMessage(pending.job);
  };

  const start = () => {
    const worker = new Worker(file, { workerData });
    let answered = false;
    worker.on('message', (outcome: RenderOutcome) => {
      answered = true;
      const pending = busy.get(worker);
      busy.delete(worker);
      if (pending) {
        if (outcome.ok) {
          const { bytes, gzipped, etag } = outcome;
          pending.resolve({
            bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
            gzipped,
            etag,
          });
        } else pending.reject(new Error(`rendering ${describe(pending.job)} failed: ${outcome.message}`));
      }
      next(worker);
    });
    worker.once('error', (error) => options.onThreadError?.(error));
    worker.once('exit', () => {
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      busy.get(worker)?.reject(new Error('the page render thread ended'));
      busy.delete(worker);
      // A thread that keeps dying before it answers anything (a broken build) is not started again
      // and again: after three, renders are refused, and pages go out to be rendered in the browser.
      failuresInARow = answered ? 0 : failuresInARow + 1;
      if (closed) return;
      if (failuresInARow >= 3) {
        broken = true;
        for (const pending of queue.splice(0)) pending.reject(new Error('the page render threads fail'));
        return;
      }
      next(start());
    });
    return worker;
  };
  const workers = Array.from({ length: Math.max(1, options.threads) }, start);
  for (const worker of workers) idle.push(worker);

  /** Queues `job` for the next free thread. */
  const submit = (job: RenderJob): Promise<RenderedPage> => {
    if (closed || broken) return Promise.reject(new Error('the page render pool is closed or broken'));
    if (idle.length === 0 && queue.length >= options.maxQueued) {
      return Promise.reject(
        new BusyError('Too many pages and pictures are being rendered; try again in a moment', 1),
      );
    }
    return new Promise<RenderedPage>((resolve, reject) => {
      queue.push({ job, resolve, reject });
      const worker = idle.pop();
      if (worker) next(worker);
    });
  };

  return {
    render(path, meta, answers, titles = {}) {
      return submit({ kind: 'page', path, meta, answers: { ...answers }, titles: { ...titles } });
    },
    async renderPreview(content) {
      return (await submit({ kind: 'preview', content })).bytes;
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('the page render pool is closed'));
      const all = [...idle, ...busy.keys()];
      await Promise.all(all.map((worker) => worker.terminate()));
    },
  };
}

/** What a job renders, for its error. */
function describe(job: RenderJob): string {
  return job.kind === 'page' ? job.path : `the preview picture of “${job.content.title}”`;
}
