import type { preParsingHookHandler } from 'fastify';
import { Transform } from 'node:stream';
import { BusyError, UnreadBodyError } from './errors';

// A bound on the bytes of request bodies one process has received and is reading, parsing or
// holding until they commit, at once (MAX_BODY_BYTES_IN_FLIGHT, PRODUCT §14.2). Each body counts
// the bytes it has sent so far, chunk by chunk, until its answer is sent or its connection closes:
// a client that announces a large Content-Length and sends it slowly holds only what it sent, so
// slow connections cannot take the room honest publishes need (counting each body at its
// Content-Length from the start, 160 slow connections made most publishes answer 503). A body
// whose next bytes would go over the bound is answered 503 with Retry-After, and the rest of it
// is never read. No address may hold more than an eighth of the bound (or one body of the limit,
// if that is more), so that a few clients cannot take it all from everyone else.
//
// And a body must keep arriving: one slower than MIN_BODY_BYTES_PER_SEC on average, after its
// first seconds, is answered 408 and its connection closed, rather than hold its connection and
// its bytes until the request timeout.

/** The bytes one body has received, counted against the budget. */
interface BodyHold {
  /** Counts `bytes` more; false (and nothing counted) when there is no room for them now. */
  add(bytes: number): boolean;
  /** Gives back every byte counted (once, however often it is called). */
  release(): void;
}

export interface BodyBudget {
  /** Starts counting a body from `address`, at zero bytes. */
  hold(address: string): BodyHold;
  /** Bytes counted now, in all and for one address. */
  inFlight(address?: string): number;
}

export function bodyBudget(maxBytes: number, bodyLimitBytes: number): BodyBudget {
  const perAddress = Math.max(bodyLimitBytes, Math.floor(maxBytes / 8));
  let total = 0;
  const byAddress = new Map<string, number>();
  const change = (address: string, bytes: number) => {
    total += bytes;
    const held = (byAddress.get(address) ?? 0) + bytes;
    if (held > 0) byAddress.set(address, held);
    else byAddress.delete(address);
  };
  return {
    hold(address) {
      let counted = 0;
      let released = false;
      return {
        add(bytes) {
          if (released) return true;
          const held = byAddress.get(address) ?? 0;
          if (total + bytes > maxBytes || held + bytes > perAddress) return false;
          change(address, bytes);
          counted += bytes;
          return true;
        },
        release() {
          if (released) return;
          released = true;
          change(address, -counted);
        },
      };
    },
    inFlight: (address) => (address === undefined ? total : (byAddress.get(address) ?? 0)),
  };
}

/** Seconds a client refused for lack of room is told to wait: bodies clear in milliseconds. */
const busyRetryAfterSeconds = 2;

const busyMessage = 'The server is busy receiving other maps; try again in a few seconds';

/** What a body slower than the minimum rate is told (the words of Node's own request timeout). */
const tooSlowMessage = 'The request took too long to arrive; send it again';

/** A body is not held to the minimum rate during its first seconds: a connection may start slowly. */
const bodyRateGraceMs = 2_000;

/** How often the bodies being received are checked against the minimum rate. */
const rateCheckEveryMs = 500;

interface Watched {
  startedAt: number;
  received: number;
  tooSlow(): void;
}

/**
 * The bodies being received, checked together against `minBytesPerSecond` by one timer that runs
 * only while there are any: a body that, `bodyRateGraceMs` after it began, has received less than
 * the rate times the time since then is told it is too slow.
 */
function rateWatch(minBytesPerSecond: number, now: () => number) {
  const watched = new Set<Watched>();
  let timer: NodeJS.Timeout | null = null;
  const check = () => {
    const at = now();
    for (const body of watched) {
      const owed = ((at - body.startedAt - bodyRateGraceMs) * minBytesPerSecond) / 1000;
      if (body.received < owed) {
        watched.delete(body);
        body.tooSlow();
      }
    }
    if (watched.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
  return {
    add(body: Watched): () => void {
      if (minBytesPerSecond === 0) return () => {};
      watched.add(body);
      if (!timer) {
        timer = setInterval(check, rateCheckEveryMs);
        timer.unref();
      }
      return () => watched.delete(body);
    },
  };
}

/**
 * A preParsing hook that counts the request's body against `budget` as it arrives, from the
 * request's address, until its answer is sent or its connection closes, and refuses it (BusyError,
 * 503) at the first bytes there is no room for; and that refuses a body arriving slower than
 * `minBytesPerSecond` (408; 0 turns that off).
 */
export function holdBodyBudget(
  budget: BodyBudget,
  minBytesPerSecond: number,
  now: () => number = () => performance.now(),
): preParsingHookHandler {
  const watch = rateWatch(minBytesPerSecond, now);
  return (request, reply, payload, done) => {
    const hold = budget.hold(request.ip);
    const body: Watched = {
      startedAt: now(),
      received: 0,
      tooSlow: () => counted.destroy(new UnreadBodyError(tooSlowMessage, 408)),
    };
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (!hold.add(chunk.length)) return callback(new BusyError(busyMessage, busyRetryAfterSeconds));
        body.received += chunk.length;
        callback(null, chunk);
      },
      flush(callback) {
        unwatch();
        callback();
      },
    });
    // Read by the body parser, which may never start (a 415): an error then goes nowhere.
    counted.on('error', () => {});
    const unwatch = watch.add(body);
    reply.raw.once('close', () => {
      unwatch();
      hold.release();
    });
    payload.once('error', (error) => counted.destroy(error));
    payload.pipe(counted);
    done(null, counted);
  };
}
