import type { Worker } from 'node:cluster';
import { isPrimaryMessage, type PrimaryMessage, type WorkerMessage } from '../cluster-messages';
import { memoryBuckets, type Buckets } from './buckets';

// Without Redis, the workers of `npm start` share one set of publish buckets, kept in the
// primary's memory and reached over the cluster's IPC channel: with one bucket per worker, a
// client would get WEB_CONCURRENCY times the limit. A worker that gets no answer within a second
// (the primary is busy, or going away) counts in buckets of its own until the channel answers
// again: a limit per worker rather than none.

const answerWithinMs = 1_000;

/** A worker's end of the IPC channel: `process.send` and `process.on('message')`. */
export interface ChannelToPrimary {
  send(message: WorkerMessage): void;
  onMessage(listener: (message: unknown) => void): void;
}

/** Worker side: buckets kept by the primary. */
export function bucketsInPrimary(channel: ChannelToPrimary): Buckets {
  const fallback = memoryBuckets(Date.now);
  const pending = new Map<number, (answer: { current: number; ttl: number }) => void>();
  let nextId = 0;
  channel.onMessage((message) => {
    if (!isPrimaryMessage(message) || message.type !== 'token-taken') return;
    pending.get(message.id)?.({ current: message.current, ttl: message.ttl });
    pending.delete(message.id);
  });
  const send = (message: WorkerMessage) => channel.send(message);
  return {
    take(key, windowMs, max, cost = 1) {
      const id = nextId++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve(fallback.take(key, windowMs, max, cost));
        }, answerWithinMs);
        timer.unref();
        pending.set(id, (answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
        try {
          send({ type: 'take-token', id, key, windowMs, max, cost });
        } catch {
          clearTimeout(timer);
          pending.delete(id);
          resolve(fallback.take(key, windowMs, max, cost));
        }
      });
    },
  };
}

/** Primary side: answers a worker's `take-token` from buckets kept here. */
export function serveBuckets(buckets: Buckets = memoryBuckets(Date.now)) {
  return (worker: Worker, message: Extract<WorkerMessage, { type: 'take-token' }>): void => {
    void buckets
      .take(message.key, message.windowMs, message.max, message.cost ?? 1)
      .then(({ current, ttl }) => {
        const answer: PrimaryMessage = { type: 'token-taken', id: message.id, current, ttl };
        if (worker.isConnected()) worker.send(answer);
      });
  };
}
