import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BusyError } from '../../src/server/http/errors';
import { genericMeta } from '../../src/server/pages/page-meta';
import {
  pageRenderPool,
  pageRenderWorkerFile,
  type PageRenderPool,
} from '../../src/server/pages/page-render-pool';
import { makeTempDir, removeDir } from './helpers';

// The pool of page-rendering threads (PRODUCT §13.6): a stand-in for the built worker answers as the
// real one does (src/server/pages/page-render-worker.ts), so that the pool's own promises are what
// is tested here: renders answered by a thread, a bounded queue refused with BusyError, a thread
// that dies replaced.

/**
 * A worker that "renders" `path` after `?ms=` milliseconds, and exits (dies) for `/die`; a preview
 * picture is "drawn" as its title.
 */
const fakeWorker = `
import { parentPort } from 'node:worker_threads';
parentPort.on('message', (job) => {
  if (job.kind === 'preview') {
    const bytes = new TextEncoder().encode('png of ' + job.content.title);
    parentPort.postMessage({ ok: true, bytes, gzipped: false, etag: '' }, [bytes.buffer]);
    return;
  }
  if (job.path === '/die') process.exit(1);
  const ms = Number(new URL(job.path, 'http://x').searchParams.get('ms') ?? 0);
  setTimeout(() => {
    const bytes = new TextEncoder().encode('<p>' + job.path + ' ' + job.meta.title + ' ' + Object.keys(job.answers).join() + '</p>');
    parentPort.postMessage({ ok: true, bytes, gzipped: false, etag: '"' + job.path + '"' }, [bytes.buffer]);
  }, ms);
});
`;

let dir: string | null = null;
let pool: PageRenderPool | null = null;
afterEach(async () => {
  await pool?.close();
  if (dir) removeDir(dir);
  pool = null;
  dir = null;
});

function startPool(threads: number, maxQueued: number, worker = fakeWorker): PageRenderPool {
  dir = makeTempDir();
  mkdirSync(join(dir, 'server'));
  writeFileSync(join(dir, 'server', pageRenderWorkerFile), worker);
  pool = pageRenderPool({
    clientDir: join(dir, 'client'),
    serverDir: join(dir, 'server'),
    threads,
    maxQueued,
  })!;
  return pool;
}

describe('pageRenderPool', () => {
  it('is null for a build without the render worker', () => {
    dir = makeTempDir();
    expect(pageRenderPool({ clientDir: dir, serverDir: dir, threads: 1, maxQueued: 1 })).toBeNull();
  });

  it('renders on a thread and answers the bytes, their encoding and ETag', async () => {
    const page = await startPool(1, 4).render('/map/a', { ...genericMeta, title: 'T' }, { a: '{}' });
    expect(page.bytes.toString()).toBe('<p>/map/a T a</p>');
    expect(page).toMatchObject({ gzipped: false, etag: '"/map/a"' });
  });

  it('draws a preview picture on a thread and answers its bytes', async () => {
    const balance = {
      for: { count: 0, weight: 0 },
      against: { count: 0, weight: 0 },
      unrated: 0,
      neither: 0,
    };
    const png = await startPool(1, 4).renderPreview({ title: 'Elm Street', reasonCount: 0, balance });
    expect(Buffer.isBuffer(png)).toBe(true);
    expect(png.toString()).toBe('png of Elm Street');
  });

  it('lets renders wait up to its bound and refuses more with BusyError (503 with Retry-After)', async () => {
    const renders = startPool(1, 2);
    const accepted = ['/a?ms=200', '/b', '/c'].map((path) => renders.render(path, genericMeta, {}));
    const refused = await renders.render('/d', genericMeta, {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BusyError);
    expect((refused as BusyError).retryAfterSeconds).toBeGreaterThan(0);
    expect((await Promise.all(accepted)).map((page) => page.etag)).toEqual(['"/a?ms=200"', '"/b"', '"/c"']);
    // Once the queue has room again, renders are taken again.
    expect((await renders.render('/e', genericMeta, {})).etag).toBe('"/e"');
  });

  it('renders on every thread at once', async () => {
    const renders = startPool(2, 0);
    const both = await Promise.all([
      renders.render('/a?ms=100', genericMeta, {}),
      renders.render('/b?ms=100', genericMeta, {}),
    ]);
    expect(both.map((page) => page.etag)).toEqual(['"/a?ms=100"', '"/b?ms=100"']);
  });

  it('fails the render of a thread that dies, and replaces the thread', async () => {
    const renders = startPool(1, 4);
    await expect(renders.render('/die', genericMeta, {})).rejects.toThrow('thread ended');
    expect((await renders.render('/after', genericMeta, {})).etag).toBe('"/after"');
  });

  it('stops starting threads that die before answering anything, and refuses renders then', async () => {
    const renders = startPool(1, 4, 'process.exit(1)');
    await expect(renders.render('/a', genericMeta, {})).rejects.toThrow();
    await expect
      .poll(() =>
        renders.render('/b', genericMeta, {}).then(
          () => 'rendered',
          (error: Error) => error.message,
        ),
      )
      .toMatch(/broken/);
  });

  it('refuses what still waits when it closes', async () => {
    const renders = startPool(1, 4);
    const first = renders.render('/a?ms=300', genericMeta, {}).catch((error: Error) => error.message);
    const waiting = renders.render('/b', genericMeta, {}).catch((error: Error) => error.message);
    await renders.close();
    expect(await waiting).toMatch(/closed/);
    expect(await first).toMatch(/ended|closed/);
  });
});
