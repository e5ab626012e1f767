import { parsePastedMaps } from '../../../domain/discussion/map-set';
import { isMapId, type MapId } from '../../../domain/map-id';
import { discussionPath } from './discussion-path';

// PRODUCT §6.10: which maps a discussion page shows, from its address: `/discussion/{mapId}` (the
// map and its thread) or `/discussion?maps=a,b,c`. The page and its worker, which may start before
// the page's code has arrived (discussion-early.ts), read an address the same way.

/** Where the maps come from: a map and its thread, or the ids given. */
export type DiscussionOrigin = { root: MapId } | { ids: MapId[] };

/** The origin of the page with route parameter `mapId` and `maps` from its query; null for a bad id. */
export function discussionOrigin(mapId: string | undefined, maps: string): DiscussionOrigin | null {
  if (mapId !== undefined) return isMapId(mapId) ? { root: mapId } : null;
  return { ids: parsePastedMaps(maps.replaceAll(',', '\n')).ids };
}

/**
 * The origin of the discussion page at `path` and `search` (as `location` gives them), read as the
 * app's routes read it (`/discussion` and `/discussion/:mapId`, any case, a trailing slash
 * allowed); undefined when `path` is not a discussion page.
 */
export function discussionOriginAt(path: string, search: string): DiscussionOrigin | null | undefined {
  const match = discussionPath.exec(path);
  if (!match) return undefined;
  let mapId: string | undefined;
  try {
    mapId = match[1] === undefined ? undefined : decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return discussionOrigin(mapId, new URLSearchParams(search).get('maps') ?? '');
}

/** Whether two origins name the same maps in the same order. */
export function sameOrigin(a: DiscussionOrigin, b: DiscussionOrigin): boolean {
  if ('root' in a) return 'root' in b && a.root === b.root;
  return 'ids' in b && a.ids.length === b.ids.length && a.ids.every((id, n) => id === b.ids[n]);
}
