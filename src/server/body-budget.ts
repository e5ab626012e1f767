import type { FastifyRequest, preParsingHookHandler } from 'fastify';
import { BusyError } from './errors';

// A bound on the bytes of request bodies one process reads, parses or holds until they commit,
// at once (MAX_BODY_BYTES_IN_FLIGHT, PRODUCT §14). Each body is counted from before its first
// byte is read, at its Content-Length (or at the body limit when it comes chunked), until its
// answer is sent or its connection closes. A body that would go over the bound is answered 503
// with Retry-After at once, without being read, rather than let memory grow with the number of
// clients. No address may hold more than an eighth of the bound (or one body of the limit, if
// that is more), so that a few clients cannot take it all from everyone else.

export interface BodyBudget {
  /**
   * Counts `bytes` against the bound for a body from `address`. Returns the function that gives
   * them back (once, however often it is called), or null when there is no room for them now.
   */
  reserve(address: string, bytes: number): (() => void) | null;
  /** Bytes counted now, in all and for one address. */
  inFlight(address?: string): number;
}

export function bodyBudget(maxBytes: number, bodyLimitBytes: number): BodyBudget {
  const perAddress = Math.max(bodyLimitBytes, Math.floor(maxBytes / 8));
  let total = 0;
  const byAddress = new Map<string, number>();
  return {
    reserve(address, bytes) {
      const held = byAddress.get(address) ?? 0;
      if (total + bytes > maxBytes || held + bytes > perAddress) return null;
      total += bytes;
      byAddress.set(address, held + bytes);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= bytes;
        const left = (byAddress.get(address) ?? bytes) - bytes;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      };
    },
    inFlight: (address) => (address === undefined ? total : (byAddress.get(address) ?? 0)),
  };
}

/** Seconds a client refused for lack of room is told to wait: bodies clear in milliseconds. */
export const busyRetryAfterSeconds = 2;

export const busyMessage = 'The server is busy receiving other maps; try again in a few seconds';

/** The bytes a request's body will take at most: its Content-Length, or the limit if unknown. */
function declaredBytes(request: FastifyRequest, bodyLimitBytes: number): number {
  const header = request.headers['content-length'];
  const length = header === undefined ? NaN : Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? Math.min(length, bodyLimitBytes) : bodyLimitBytes;
}

/**
 * A preParsing hook that holds `budget` for the request's body from before it is read until its
 * answer is sent or its connection closes, or refuses the request (BusyError, 503) when there is
 * no room.
 */
export function holdBodyBudget(budget: BodyBudget, bodyLimitBytes: number): preParsingHookHandler {
  return (request, reply, payload, done) => {
    const release = budget.reserve(request.ip, declaredBytes(request, bodyLimitBytes));
    if (!release) return done(new BusyError(busyMessage, busyRetryAfterSeconds));
    reply.raw.once('close', release);
    done(null, payload);
  };
}
