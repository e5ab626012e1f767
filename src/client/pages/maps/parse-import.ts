import type { ImportedMap } from '../../../domain/formats/import-map';
import { err, type Result } from '../../../domain/result';
import type { ImportRequest } from './read-import';

// PRODUCT §15.3: a file is read in a Web Worker, ended after 5 s with nothing stored; where the
// browser has no Worker (or may not start one, as on a host's page of another origin), the
// page reads it itself, with the parsers loaded only then (PRODUCT §13.5).

const importTimeLimitMs = 5_000;

/** The part of a Worker that reading a file uses, so that tests can give a fake one. */
export interface ImportWorker {
  onmessage: ((event: MessageEvent<Result<ImportedMap>>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(request: ImportRequest): void;
  terminate(): void;
}

export interface ParseOptions {
  /** A new worker, or null where there is none; the module worker of import-worker.ts by default. */
  startWorker?: () => ImportWorker | null;
  timeLimitMs?: number;
}

function startImportWorker(): ImportWorker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/**
 * The map in the request's file or text, or why not: read in a worker that is ended after the
 * time limit ("took too long"), or on this thread where no worker starts. Rejects only when the
 * reading itself fails.
 */
export function parseImport(
  request: ImportRequest,
  { startWorker = startImportWorker, timeLimitMs = importTimeLimitMs }: ParseOptions = {},
): Promise<Result<ImportedMap>> {
  const worker = startWorker();
  if (!worker) return import('./read-import').then(({ readImport }) => readImport(request));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.terminate();
      resolve(err('This file took too long to read.'));
    }, timeLimitMs);
    worker.onmessage = (event) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      clearTimeout(timer);
      worker.terminate();
      reject(new Error(event.message || 'the file could not be read'));
    };
    worker.postMessage(request);
  });
}
