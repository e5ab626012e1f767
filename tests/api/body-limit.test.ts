import { describe, expect, it } from 'vitest';
import { countStoredMaps, expectError, listen, mapRequest, publish, reason, serverPerTest } from './helpers';

// PRODUCT §14.2, §5.3: a request body over the limit (2 MiB by default, BODY_LIMIT) answers 413 and
// stores nothing.

const startServer = serverPerTest();

/** A valid publish request whose JSON is exactly `bytes` long (padding the description). */
function requestOfSize(bytes: number, reasonCount: number, relevanceLength: number): string {
  const reasons = Array.from({ length: reasonCount }, () =>
    reason({ relevance: 'v'.repeat(relevanceLength) }),
  );
  const base = JSON.stringify(mapRequest({ description: '', reasons }));
  const padding = bytes - Buffer.byteLength(base);
  if (padding < 1 || padding > 20_000) throw new Error(`cannot pad ${base.length} bytes to ${bytes}`);
  const body = JSON.stringify(mapRequest({ description: 'd'.repeat(padding), reasons }));
  expect(Buffer.byteLength(body)).toBe(bytes);
  return body;
}

describe('a small BODY_LIMIT', () => {
  it('accepts a body of exactly the limit and refuses one byte more with 413', async () => {
    const server = await startServer({ env: { BODY_LIMIT: '2048' } });
    const atLimit = requestOfSize(2048, 1, 100);
    const overLimit = requestOfSize(2049, 1, 100);

    expectError(await publish(server.app, overLimit), 413, 'Request body is too large');
    expect(countStoredMaps(server.dbPath)).toBe(0);
    expect((await publish(server.app, atLimit)).statusCode).toBe(200);
    expect(countStoredMaps(server.dbPath)).toBe(1);
  });

  it('refuses a large body whatever it contains, before parsing it', async () => {
    const server = await startServer({ env: { BODY_LIMIT: '2048' } });
    expectError(await publish(server.app, '{'.repeat(5000)), 413, 'Request body is too large');
    expectError(await publish(server.app, `"${'x'.repeat(5000)}"`), 413, 'Request body is too large');
    expect(countStoredMaps(server.dbPath)).toBe(0);
  });

  it('refuses a large chunked body (no Content-Length) over a real socket', async () => {
    const server = await startServer({ env: { BODY_LIMIT: '2048' } });
    const url = await listen(server.app);
    const body = requestOfSize(4000, 1, 2000);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    });
    const response = await fetch(`${url}/api/map/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ status: 'error', message: 'Request body is too large' });
    expect(countStoredMaps(server.dbPath)).toBe(0);
  });
});

describe('the default limit of 2 MiB, over a real socket', () => {
  it('accepts a map of exactly 2 MiB and refuses 2 MiB + 1 byte with 413', async () => {
    const server = await startServer();
    expect(server.config.bodyLimitBytes).toBe(2 * 1024 * 1024);
    const url = await listen(server.app);
    const send = (body: string) =>
      fetch(`${url}/api/map/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });

    // 1,000 reasons with long relevance texts: a real map near the limit, not padding alone.
    const over = await send(requestOfSize(2 * 1024 * 1024 + 1, 1000, 1950));
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ status: 'error', message: 'Request body is too large' });
    expect(countStoredMaps(server.dbPath)).toBe(0);

    const atLimit = await send(requestOfSize(2 * 1024 * 1024, 1000, 1950));
    expect(atLimit.status).toBe(200);
    const { data } = (await atLimit.json()) as { data: { mapId: string } };
    const stored = (await (await fetch(`${url}/api/map/${data.mapId}`)).json()) as {
      data: { reasons: unknown[] };
    };
    expect(stored.data.reasons).toHaveLength(1000);
    expect(countStoredMaps(server.dbPath)).toBe(1);
  });
});
