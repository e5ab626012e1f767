// The one source of chance in the discussion model (rules N8, N9): seeded, so the same maps always
// give the same plot and groups.

/**
 * A pseudo-random generator of numbers in [0, 1) from a 32-bit seed (mulberry32): the same seed
 * gives the same sequence on every engine, so k-means starts the same way every time. Not for
 * anything secret.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
