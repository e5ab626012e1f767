import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportedMap } from '../../../domain/formats/import-map';
import type { Result } from '../../../domain/result';
import { parseImport, type ImportWorker } from './parse-import';
import { readImport, type ImportRequest } from './read-import';

// PRODUCT §15.3: the import is read in a worker, ended after 5 s; without a worker, on the page.
// No browser test has a real file slow enough to reach the limit (the parsers refuse what would
// be slow, rule F4), so the limit is tested here, with a fake worker and Vitest's clock.

/** A worker that answers only when the test says so, and records what happened to it. */
class FakeWorker implements ImportWorker {
  onmessage: ImportWorker['onmessage'] = null;
  onerror: ImportWorker['onerror'] = null;
  requests: ImportRequest[] = [];
  terminated = false;
  postMessage(request: ImportRequest) {
    this.requests.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  answer(result: Result<ImportedMap>) {
    this.onmessage?.({ data: result } as MessageEvent<Result<ImportedMap>>);
  }
}
const fakeWorker = () => new FakeWorker();

const argdown = '[Cats are better than dogs]\n  + They are quiet\n\n[Trains beat planes]\n  + Less CO2\n';

describe('parseImport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers what the worker read, and ends the worker', async () => {
    const worker = fakeWorker();
    const parsed = parseImport({ input: argdown, main: 1 }, { startWorker: () => worker });
    expect(worker.requests).toEqual([{ input: argdown, main: 1 }]);
    const read = readImport({ input: argdown, main: 1 });
    await vi.advanceTimersByTimeAsync(4_999);
    worker.answer(read);
    expect(await parsed).toBe(read);
    expect(worker.terminated).toBe(true);
  });

  it('ends a worker that has not answered after 5 s, and says the file took too long', async () => {
    const worker = fakeWorker();
    const parsed = parseImport({ input: argdown }, { startWorker: () => worker });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(worker.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(worker.terminated).toBe(true);
    expect(await parsed).toEqual({ ok: false, error: 'This file took too long to read.' });
    // An answer that comes after all changes nothing.
    worker.answer(readImport({ input: argdown }));
    expect(await parsed).toEqual({ ok: false, error: 'This file took too long to read.' });
  });

  it('rejects when the worker fails, and ends it', async () => {
    const worker = fakeWorker();
    const parsed = parseImport({ input: argdown }, { startWorker: () => worker });
    worker.onerror?.({ message: 'Uncaught RangeError: too deep' } as ErrorEvent);
    await expect(parsed).rejects.toThrow('too deep');
    expect(worker.terminated).toBe(true);
  });

  it('reads on this thread where no worker starts, bytes as well as text', async () => {
    const bytes = new TextEncoder().encode(argdown);
    const fromBytes = await parseImport({ input: bytes, main: 1 }, { startWorker: () => null });
    expect(fromBytes.ok && fromBytes.value.data.title).toBe('Trains beat planes');
    const refused = await parseImport({ input: new Uint8Array([0, 1]) }, { startWorker: () => null });
    expect(refused).toEqual({ ok: false, error: 'This is not a map file: it is binary.' });
  });

  it('reads on this thread where Worker is undefined, as in Node', async () => {
    expect(typeof Worker).toBe('undefined');
    const parsed = await parseImport({ input: argdown });
    expect(parsed.ok && parsed.value.mainStatements).toEqual([
      'Cats are better than dogs',
      'Trains beat planes',
    ]);
  });
});
