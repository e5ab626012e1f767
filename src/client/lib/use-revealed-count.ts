import { useEffect, useState } from 'react';

// PRODUCT §13.6: a long list is put on the page a slice at a time, one slice a task, so that no
// single task of the main thread renders it all: a 1,000-row comparison used to hold the page for
// most of a second in one task, during which it answered no key, click or scroll.

/** Rows put on the page at once, enough to fill any screen. */
const firstSlice = 40;
/** Rows added by each later task. */
const nextSlice = 80;

/**
 * How many of `total` rows to render now: `firstSlice` at once, then `nextSlice` more in a task
 * after each frame until all are there. A list that shrinks shows all it has left.
 */
export function useRevealedCount(total: number): number {
  const [revealed, setRevealed] = useState(firstSlice);
  useEffect(() => {
    if (revealed >= total) return;
    // After the next frame, so that two slices are never laid out in one rendering (PRODUCT §13.6).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setRevealed((count) => count + nextSlice), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [revealed, total]);
  return Math.min(revealed, total);
}
