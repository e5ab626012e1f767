import { wordChanges, type WordPart } from '../../../domain/word-diff';

// The word diff of a changed text (PRODUCT §9.2) is worked out only once its row comes near the
// screen, one text at a time with the browser free between two, and gives up after a moment: two
// 1,000-reason maps whose every text changed (anyone can send such a link) made 2,000 diffs during
// the page's first render, which froze the browser for nearly a minute. Until then, and for a text
// given up on, both texts are shown whole. Loaded with compare-extras.ts, after the first paint.

/** Longest one diff may take before both texts are shown whole instead. */
const diffTimeoutMs = 150;

const queue: (() => void)[] = [];
let running = false;

/** Runs `job` in a task of its own, after those queued before it. */
function schedule(job: () => void) {
  queue.push(job);
  if (running) return;
  running = true;
  const next = () => {
    queue.shift()?.();
    if (queue.length > 0) setTimeout(next, 0);
    else running = false;
  };
  setTimeout(next, 0);
}

/**
 * Calls `done` with the parts of `base` → `modified` (null: shown whole) once `element` has come
 * near the screen and the diff has had its turn. Returns the function that cancels it.
 */
export function diffWhenVisible(
  element: Element,
  base: string,
  modified: string,
  done: (parts: WordPart[] | null) => void,
): () => void {
  let cancelled = false;
  const diff = () =>
    schedule(() => {
      if (!cancelled) done(wordChanges(base, modified, diffTimeoutMs));
    });
  if (typeof IntersectionObserver === 'undefined') {
    diff();
    return () => void (cancelled = true);
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      diff();
    },
    { rootMargin: '600px 0px' },
  );
  observer.observe(element);
  return () => {
    cancelled = true;
    observer.disconnect();
  };
}
