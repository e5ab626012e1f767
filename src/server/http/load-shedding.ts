import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { getHeapStatistics } from 'node:v8';
import type { LoadShedding } from '../config';
import { BusyError } from './errors';
import { reportOncePerMinute } from '../once-a-minute';

// The last line of defence (PRODUCT §14): when a worker's event loop lags, or its heap or memory
// grows past a bound, it answers every request 503 with Retry-After until it recovers, instead of
// slowing everyone down or dying of an out-of-memory error. @fastify/under-pressure samples the
// process twice a second. The bounds before it (body sizes, the bytes of bodies in flight, the
// rate limit) keep a worker far from these in normal use: reaching one is logged.

const overloadedMessage = 'The server is overloaded; try again in a few seconds';
const retryAfterSeconds = 5;

/** Shares of V8's own heap limit above which the heap bound is lowered: V8 must have room to collect. */
const heapLimitShare = 0.9;

/** The heap bound in force: MAX_HEAP_USED_BYTES, or less if V8's heap limit is lower than that. */
export function effectiveHeapBound(maxHeapUsedBytes: number): number {
  if (maxHeapUsedBytes === 0) return 0;
  return Math.min(maxHeapUsedBytes, Math.floor(getHeapStatistics().heap_size_limit * heapLimitShare));
}

export async function shedLoadUnderPressure(app: FastifyInstance, bounds: LoadShedding): Promise<void> {
  const warn = reportOncePerMinute((error) => app.log.warn(error.message));
  await app.register(underPressure, {
    sampleInterval: 500,
    maxEventLoopDelay: bounds.maxEventLoopDelayMs,
    maxHeapUsedBytes: effectiveHeapBound(bounds.maxHeapUsedBytes),
    maxRssBytes: bounds.maxRssBytes,
    pressureHandler: (_request, _reply, type, value) => {
      warn(
        new Error(`load shedding: ${type} is ${Math.round(Number(value))}; answering 503 until it recovers`),
      );
      throw new BusyError(overloadedMessage, retryAfterSeconds);
    },
  });
}
