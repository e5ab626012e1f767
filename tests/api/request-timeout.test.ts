import { beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  expectAnswered408,
  headers,
  rawConnection,
  stallMidBody,
  stallMidHeaders,
  trickleBody,
  type Ending,
} from '../support/slow-clients';
import { listen, serverForFile } from './helpers';

// A slow or hung client cannot hold the server: a request whose headers and body have not all
// arrived within REQUEST_TIMEOUT_MS is answered 408 and its connection closed, however it
// dribbles, and other clients are served. What is asserted here is what the clients receive; how
// soon they receive it is measured in tests/reliability/slow-client.test.ts. The timeout is set
// low, so that each case takes about a second (the default is 30 s); the cases run side by side.

const server = serverForFile({
  env: { REQUEST_TIMEOUT_MS: '1000', CONNECTION_TIMEOUT_MS: '1500' },
});
let port: number;
let base: string;

beforeAll(async () => {
  base = await listen(server.app);
  port = Number(new URL(base).port);
});

/** A GET and a publish from other clients, each answered 200. */
async function expectOthersServed(): Promise<void> {
  const read = await fetch(`${base}/api/map/default`);
  expect(read.status).toBe(200);
  await read.arrayBuffer();
  const published = await fetch(`${base}/api/map/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  expect(published.status).toBe(200);
}

describe.concurrent('a request that does not arrive in time', () => {
  it('is answered 408 and closed when the client sends headers and half a body, then stalls; others are served', async () => {
    const stalled = rawConnection(port, stallMidBody);
    await expectOthersServed();
    expectAnswered408(await stalled);
  });

  it('is answered 408 for each of fifty clients stalled at once; publishing works meanwhile and after', async () => {
    const stalled = Array.from({ length: 50 }, () =>
      rawConnection(port, (socket, sent) => {
        socket.write(headers + body.slice(0, 100));
        sent();
      }),
    );
    await expectOthersServed();
    const endings: Ending[] = await Promise.all(stalled);
    for (const ending of endings) expectAnswered408(ending);
    await expectOthersServed();
  });

  it('is cut off with 408 when the client trickles its body, never silent for long', async () => {
    // At five bytes every 100 ms the body would take a minute to arrive.
    expect(body.length).toBeGreaterThan(1000);
    expectAnswered408(await rawConnection(port, trickleBody));
  });

  it('is answered 408 when the client sends half its headers, then stalls', async () => {
    expectAnswered408(await rawConnection(port, stallMidHeaders));
  });

  it('is answered 408 when the client connects and sends nothing', async () => {
    expectAnswered408(await rawConnection(port, () => {}));
  });
});
