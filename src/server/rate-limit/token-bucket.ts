// The publish rate limit is a token bucket (PRODUCT §14), kept as GCRA: one number per client,
// the "theoretical arrival time" (TAT) at which its bucket is full again. A client may publish
// `max` maps at once, and then one every `windowMs / max`: CREATE_RATE_LIMIT=60 is a burst of 60,
// then one a second. Unlike a fixed window, no boundary lets a client send twice the limit in a
// moment (the fixed window let 120 publishes through in 2.7 s), and a refused publish costs the
// client nothing, so retrying after Retry-After always works.

export interface Take {
  /** Tokens in use after this publish (1..max), or max + 1 when it is refused. */
  current: number;
  /** Refused: milliseconds until one token is free. Allowed: until the bucket is full again. */
  ttl: number;
  /** The client's new TAT, to store, or null when refused (nothing changes). */
  tat: number | null;
}

/** Floating-point slack: `max` publishes at one instant must all fit, whatever the rounding. */
const epsilon = 1e-6;

/**
 * Takes `cost` tokens (one publish, or the bytes of one map for the daily byte quota) for a client
 * whose TAT is `tat` (undefined: never seen or full) at `now`. Refused when they do not all fit.
 */
export function takeToken(
  tat: number | undefined,
  now: number,
  windowMs: number,
  max: number,
  cost = 1,
): Take {
  const interval = windowMs / max;
  const next = Math.max(tat ?? now, now) + cost * interval;
  if (next - now > windowMs + epsilon) {
    return { current: max + 1, ttl: Math.max(1, Math.ceil(next - windowMs - now)), tat: null };
  }
  return {
    current: Math.min(max, Math.ceil((next - now) / interval - epsilon)),
    ttl: Math.ceil(next - now),
    tat: next,
  };
}
