import type { MapStore, ThreadEntry } from '../store/map-store';

/** A thread as PRODUCT §5.7 answers it: the maps under the root, and whether that is all of them. */
export interface Thread {
  maps: ThreadEntry[];
  complete: boolean;
}

/**
 * The listed responses under `rootId`, breadth first: every response at one depth (newest first)
 * before any at the next, at most `max` maps, one store query per depth. A map is given once even
 * if the data held a cycle, which publishing never makes (a map only answers an older one).
 */
export async function readThread(store: MapStore, rootId: string, now: Date, max: number): Promise<Thread> {
  const maps: ThreadEntry[] = [];
  const seen = new Set([rootId]);
  let depth = [rootId];
  while (depth.length > 0 && maps.length < max) {
    // One more than room is left: finding it tells the thread is cut short.
    const found = await store.responsesOf(depth, now, max - maps.length + 1);
    const next: string[] = [];
    for (const entry of found) {
      if (seen.has(entry.id)) continue;
      if (maps.length === max) return { maps, complete: false };
      seen.add(entry.id);
      maps.push(entry);
      next.push(entry.id);
    }
    depth = next;
  }
  if (maps.length < max || depth.length === 0) return { maps, complete: true };
  // Exactly full: complete only if the last depth has no responses.
  const more = await store.responsesOf(depth, now, 1);
  return { maps, complete: more.length === 0 };
}
