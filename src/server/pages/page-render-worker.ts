import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { PageMeta } from './page-meta';
import { renderPreviewPng, type PreviewImageContent } from './preview-image';
import { loadPageRenderer, readPageAssets, renderPageAt, type PageKit } from './rendered-pages';

// A thread that renders pages (PRODUCT §13.6) and link-preview pictures (PRODUCT §8.4) for
// page-render-pool.ts, so that rendering a large map (~400 ms of CPU for 1,000 reasons) or laying
// out a picture (~40 ms) never holds up the event loop that answers everyone else. Vite builds it
// beside the renderer (dist/server/page-render-worker.js): a worker thread runs JavaScript,
// whatever loader the thread that starts it has.

/**
 * What the pool asks: the page at `path` with `meta`'s tags, the maps' API answers by id and the
 * titles of the maps they answer, or the preview picture of `content`.
 */
export type RenderJob =
  | {
      kind: 'page';
      path: string;
      meta: PageMeta;
      answers: Record<string, string>;
      titles: Record<string, string>;
    }
  | { kind: 'preview'; content: PreviewImageContent };

/** What the thread answers for one job: the page or the PNG's bytes, or why it failed. */
export type RenderOutcome =
  { ok: true; bytes: Uint8Array; gzipped: boolean; etag: string } | { ok: false; message: string };

/** Where the built client and its renderer are. */
export interface RenderWorkerData {
  clientDir: string;
  serverDir: string;
}

async function serve(port: NonNullable<typeof parentPort>, { clientDir, serverDir }: RenderWorkerData) {
  const renderer = await loadPageRenderer(serverDir);
  if (!renderer) throw new Error(`no renderer in ${serverDir}`);
  const kit: PageKit = {
    renderer,
    template: readFileSync(join(clientDir, 'index.html'), 'utf8'),
    assets: readPageAssets(clientDir),
  };
  // One job at a time: the pool sends the next when this one is answered.
  const render = (job: RenderJob) =>
    job.kind === 'page'
      ? renderPageAt(kit, job.path, job.meta, job.answers, job.titles)
      : renderPreviewPng(job.content).then((bytes) => ({ bytes, gzipped: false, etag: '' }));
  port.on('message', (job: RenderJob) => {
    render(job).then(
      (page) => {
        // A copy of its own, so that its memory moves to the other thread instead of being copied.
        const bytes = new Uint8Array(page.bytes);
        const outcome: RenderOutcome = { ok: true, bytes, gzipped: page.gzipped, etag: page.etag };
        port.postMessage(outcome, [bytes.buffer]);
      },
      (error: unknown) => {
        const outcome: RenderOutcome = { ok: false, message: String((error as Error)?.stack ?? error) };
        port.postMessage(outcome);
      },
    );
  });
}

if (parentPort) {
  // Rendering is never more urgent than answering: on Linux a thread has a priority of its own,
  // and this lowers only this thread's, so the event loops of the machine get a core first.
  try {
    setPriority(0, 10);
  } catch {
    // Not allowed here: the thread renders at the process's priority.
  }
  await serve(parentPort, workerData as RenderWorkerData);
}
