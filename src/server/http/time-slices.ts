import { performance } from 'node:perf_hooks';

// Publishing a large map is milliseconds of work on the event loop: parsing, validating and
// serialising 2 MiB takes 10-20 ms, and when dozens of bodies finish arriving in the same turn
// of the event loop, running them all at once holds every other request, a GET of a cached map
// included, for a second or more. So finished bodies wait in a queue, and each turn of the event
// loop runs them for about `sliceMs`, then lets the loop serve other requests before the next
// slice. Small publishes, which take microseconds, all run in the first slice, in the same turn
// as before, so the group commit still batches them.

export type Enqueue = (job: () => void) => void;

/** A queue that runs its jobs in order, for about `sliceMs` per turn of the event loop. */
export function timeSlices(sliceMs: number, now: () => number = () => performance.now()): Enqueue {
  const queue: (() => void)[] = [];
  let scheduled = false;
  const run = () => {
    scheduled = false;
    const until = now() + sliceMs;
    while (queue.length > 0) {
      queue.shift()!();
      if (now() >= until) break;
    }
    if (queue.length > 0 && !scheduled) {
      scheduled = true;
      setImmediate(run);
    }
  };
  return (job) => {
    queue.push(job);
    if (!scheduled) {
      scheduled = true;
      setImmediate(run);
    }
  };
}
