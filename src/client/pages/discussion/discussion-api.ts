import type { PublishedMap } from '../../../domain/belief-map';
import type { MapId } from '../../../domain/map-id';
import { ApiError, isOk, messageOf } from '../../draft/storage/api-client';
import { publishedMapShape } from '../../draft/storage/map-shape';

// PRODUCT §6.10: the maps of a discussion, in one request (PRODUCT §5.9), and for a thread its
// maps first (PRODUCT §5.7). Maps from this site's server are read by their shape, as the map page
// reads one.

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
}

/** GET /api/maps for `ids` (at most 100); throws ApiError for a failed or unreadable answer. */
async function fetchMapSet(
  ids: readonly string[],
): Promise<{ maps: (PublishedMap & { mapId: string })[]; missing: string[] }> {
  let response: Response;
  try {
    response = await fetch(`/api/maps?ids=${ids.map(encodeURIComponent).join(',')}`, {
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

/**
 * The ids of the maps of `root`'s thread (PRODUCT §5.7). Its reader, with the schema that checks its
 * answer (and zod with it), loads only for a thread, after the page shows (PRODUCT §13.5).
 */
async function threadIds(root: MapId): Promise<string[]> {
  const { fetchThread } = await import('../../draft/storage/responses-api');
  return (await fetchThread(root)).maps.map((m) => m.mapId);
}

/**
 * The maps of `ids`, or of `root` and its thread: each with its parent in the discussion, the
 * answered map when it is one of them (`basedOn` of the stored map, PRODUCT §5.5).
 */
export async function loadDiscussionMaps(
  source: { root: MapId } | { ids: readonly MapId[] },
): Promise<LoadedMaps> {
  const ids = 'root' in source ? [source.root, ...(await threadIds(source.root))] : source.ids;
  const wanted = [...new Set(ids)].slice(0, 100);
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
  };
}
