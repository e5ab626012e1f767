// What the primary of `npm start` and its workers tell each other over the cluster's IPC channel.

/** From a worker. */
export type WorkerMessage =
  /** It cannot serve (the port is taken, the database cannot be opened): one line saying why. */
  | { type: 'fatal'; line: string }
  /** A token from a publish rate-limit bucket, which the primary keeps for all workers. */
  | { type: 'take-token'; id: number; key: string; windowMs: number; max: number; cost?: number };

/** From the primary. */
export type PrimaryMessage =
  /** Finish the requests in flight, close, and exit 0. */
  { type: 'shutdown' } | { type: 'token-taken'; id: number; current: number; ttl: number };

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'fatal' || type === 'take-token';
}

export function isPrimaryMessage(value: unknown): value is PrimaryMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'shutdown' || type === 'token-taken';
}

/** A worker that lived less than this long died young: the next is started later, not at once. */
export const youngDeathMs = 10_000;

/**
 * How long to wait before replacing a dead worker, after `youngDeaths` workers in a row died
 * young: at once for the first, then doubling from a quarter of a second up to half a minute,
 * so that a worker that cannot start (a broken deploy) does not fork hundreds a second.
 */
export function restartDelayMs(youngDeaths: number): number {
  if (youngDeaths <= 1) return 0;
  return Math.min(30_000, 250 * 2 ** (youngDeaths - 2));
}
