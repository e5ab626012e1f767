import { beforeAll, describe, expect, it } from 'vitest';
import { listen, serverForFile } from '../api/helpers';
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

// How soon a slow or hung client is let go, and how little it slows everyone else: a request whose
// headers and body have not all arrived within REQUEST_TIMEOUT_MS is answered 408 and closed
// within the timeout and Node's check interval, and other clients are answered meanwhile as
// usual. What the clients receive is asserted in the unit suite (tests/api/request-timeout.test.ts);
// here are the times, as bounds with margins wide enough for a loaded 2-CPU machine: a server
// that held slow clients for seconds, or served nobody meanwhile, is still far outside them.

const requestTimeoutMs = 1_000;
const connectionTimeoutMs = 1_500;
/** Node checks running requests every quarter of the timeout; the rest is the machine's slack. */
const closeWithinMs = requestTimeoutMs * 1.25 + 1_500;
/** A GET of the default map while slow clients wait; unhindered it takes a few milliseconds. */
const otherRequestWithinMs = 1_500;

const server = serverForFile({
  env: { REQUEST_TIMEOUT_MS: String(requestTimeoutMs), CONNECTION_TIMEOUT_MS: String(connectionTimeoutMs) },
});
let port: number;
let base: string;

beforeAll(async () => {
  base = await listen(server.app);
  port = Number(new URL(base).port);
});

/** Other clients meanwhile, one GET after another until `until` settles: how long each took. */
async function timeOtherRequests(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true)).catch(() => {});
  const times: number[] = [];
  while (!done) {
    const started = Date.now();
    const response = await fetch(`${base}/api/map/default`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    times.push(Date.now() - started);
  }
  return times;
}

function expectClosedInTime(ending: Ending): void {
  expectAnswered408(ending);
  expect(ending.totalMs).toBeLessThan(closeWithinMs);
}

describe('a client that sends headers and half a body, then stalls', () => {
  it('is answered 408 and disconnected within the request timeout, while others are served', async () => {
    const stalled = rawConnection(port, stallMidBody);
    const others = await timeOtherRequests(stalled);
    const ending = await stalled;
    expectClosedInTime(ending);
    expect(ending.totalMs).toBeGreaterThanOrEqual(requestTimeoutMs - 50);
    expect(others.length).toBeGreaterThan(1);
    for (const ms of others) expect(ms).toBeLessThan(otherRequestWithinMs);
  });

  it('holds nothing when fifty do it at once', async () => {
    const stalled = Promise.all(
      Array.from({ length: 50 }, () =>
        rawConnection(port, (socket, sent) => {
          socket.write(headers + body.slice(0, 100));
          sent();
        }),
      ),
    );
    const others = await timeOtherRequests(stalled);
    for (const ending of await stalled) expectClosedInTime(ending);
    for (const ms of others) expect(ms).toBeLessThan(otherRequestWithinMs);
  });
});

describe('a client that trickles its body a few bytes at a time (never silent for long)', () => {
  it('is still cut off by the request timeout', async () => {
    expectClosedInTime(await rawConnection(port, trickleBody));
  });
});

describe('a client that sends half its headers, then stalls', () => {
  it('is disconnected within the request timeout', async () => {
    expectClosedInTime(await rawConnection(port, stallMidHeaders));
  });
});

describe('a client that connects and sends nothing', () => {
  it('is answered 408 and disconnected within the request timeout', async () => {
    expectClosedInTime(await rawConnection(port, () => {}));
  });
});
