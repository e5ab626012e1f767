import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

/** True when an Accept-Encoding header takes gzip: the server keeps large answers gzipped once. */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  return /\bgzip\b/.test(String(acceptEncoding ?? ''));
}

const gzipAsync = promisify(gzip);

/**
 * `body` gzipped on libuv's thread pool, off the event loop, to be kept and sent to every client
 * that takes gzip; null when gzip is not worth it: 1 KB or less (where it saves nothing), or
 * bytes that do not shrink (a kept copy no smaller than the body would only cost memory).
 */
export async function gzipForKeeping(body: Buffer): Promise<Buffer | null> {
  if (body.length <= 1024) return null;
  const gzipped = await gzipAsync(body);
  return gzipped.length < body.length ? gzipped : null;
}
