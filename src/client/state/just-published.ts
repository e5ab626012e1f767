// PRODUCT §8.5: the map this tab has just published, so its page can confirm the publish once.
// Kept in memory only: a reload or a link opened elsewhere shows the map without the confirmation.

let justPublished: string | null = null;

/** Notes that `mapId` was just published from this tab (its draft removed). */
export function markJustPublished(mapId: string): void {
  justPublished = mapId;
}

/** True when `mapId` is the map this tab has just published. */
export function wasJustPublished(mapId: string): boolean {
  return justPublished === mapId;
}
