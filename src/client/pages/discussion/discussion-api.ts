import type { PublishedMap } from '../../../domain/belief-map';
import { discussionMaxMaps } from '../../../domain/discussion/map-set';
import type { MapId } from '../../../domain/map-id';
import { ApiError, isOk, messageOf } from '../../draft/storage/api-client';
import { publishedMapShape } from '../../draft/storage/map-shape';
import { fetchThread } from '../../draft/storage/responses-api';
import { siteUrl } from '../../lib/site';

// PRODUCT §6.10: the maps of a discussion, in one request (PRODUCT §5.9), and for a thread its
// maps first (PRODUCT §5.7). Maps from this site's server are read by their shape, as the map page
// reads one. Runs in the discussion's worker (or, without one, after the page has shown).

/** A map of the discussion as the page shows it. */
export interface DiscussionSource {
  id: MapId;
  map: PublishedMap;
  /** The map of the discussion it answers, if any: its parent in the tree. */
  parent: MapId | null;
}

export interface LoadedMaps {
  maps: DiscussionSource[];
  /** The ids the server does not have (unknown, expired or malformed). */
  missing: string[];
  /** How many maps of the thread were not read: past the first 100 (PRODUCT §6.10). */
  notShown: number;
  /** False when the server's answer of the thread was itself cut (PRODUCT §5.7): there are more. */
  threadComplete: boolean;
}

/** GET /api/maps for `ids` (at most 100); throws ApiError for a failed or unreadable answer. */
async function fetchMapSet(
  ids: readonly string[],
): Promise<{ maps: (PublishedMap & { mapId: string })[]; missing: string[] }> {
  let response: Response;
  try {
    response = await fetch(siteUrl(`/api/maps?ids=${ids.map(encodeURIComponent).join(',')}`), {
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiError('Network error: the server could not be reached', null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !isOk(body))
    throw new ApiError(messageOf(body) ?? `Server answered ${response.status}`, response.status);
  const data = (body as { data?: { maps?: unknown; missing?: unknown } }).data;
  if (!data || !Array.isArray(data.maps) || !Array.isArray(data.missing))
    throw new ApiError('The server sent an answer this page cannot read', response.status);
  const maps = data.maps.map((item: unknown) => {
    const { mapId, ...rest } = item as { mapId?: unknown };
    const map = publishedMapShape(rest);
    if (!map || typeof mapId !== 'string')
      throw new ApiError('The server sent an invalid map', response.status);
    return { ...map, mapId };
  });
  return { maps, missing: data.missing.filter((id): id is string => typeof id === 'string') };
}

/** The ids of the maps of `root`'s thread (PRODUCT §5.7), and whether the server gave all of them. */
async function readThread(root: MapId): Promise<{ ids: string[]; complete: boolean }> {
  const thread = await fetchThread(root);
  return { ids: thread.maps.map((m) => m.mapId), complete: thread.complete };
}

/**
 * The maps of `ids`, or of `root` and its thread: each with its parent in the discussion, the
 * answered map when it is one of them (`basedOn` of the stored map, PRODUCT §5.5).
 */
export async function loadDiscussionMaps(
  source: { root: MapId } | { ids: readonly MapId[] },
): Promise<LoadedMaps> {
  const thread = 'root' in source ? await readThread(source.root) : { ids: [], complete: true };
  const ids = [...new Set('root' in source ? [source.root, ...thread.ids] : source.ids)];
  const wanted = ids.slice(0, discussionMaxMaps);
  const { maps, missing } = await fetchMapSet(wanted);
  const present = new Set(maps.map((map) => map.mapId));
  return {
    maps: maps.map(({ mapId, ...map }) => ({
      id: mapId as MapId,
      map,
      parent:
        map.basedOn && present.has(map.basedOn) && map.basedOn !== mapId ? (map.basedOn as MapId) : null,
    })),
    missing,
    notShown: ids.length - wanted.length,
    threadComplete: thread.complete,
  };
}
