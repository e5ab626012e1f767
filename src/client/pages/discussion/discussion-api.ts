import type { PublishedMap } from '../../../domain/belief-map';
import { briefOfMap, mapSetBriefItemSchema, type MapBrief } from '../../../domain/discussion/map-brief';
import { discussionMaxMaps } from '../../../domain/discussion/map-set';
import type { MapId } from '../../../domain/map-id';
import { ApiError, fetchMap, isOk, messageOf } from '../../draft/storage/api-client';
import { publishedMapShape } from '../../draft/storage/map-shape';
import { fetchThread } from '../../draft/storage/responses-api';
import { siteUrl } from '../../lib/site';

// PRODUCT §6.10: the maps of a discussion, in brief (rule N16), page by page (PRODUCT §5.9), and
// for a thread its maps first (PRODUCT §5.7). Only the draft's map is read whole; another map's
// texts are read when a reason of it is added to a draft. Runs in the discussion's worker (or,
// without one, after the page has shown).

/** A map of the discussion as its figures need it: in brief (rule N16). */
export interface BriefSource {
  id: MapId;
  published: string;
  brief: MapBrief;
  /** The map of the discussion it answers, if any: its parent in the tree. */
  parent: MapId | null;
}

/** A map of the discussion whole, as a draft of it copies it. */
export interface DiscussionSource {
  id: MapId;
  map: PublishedMap;
}

export interface LoadedMaps {
  maps: BriefSource[];
  /** The map a reason is added to a draft of, whole: the first of those asked that was found. */
  draftMap: DiscussionSource | null;
  /** The ids the server does not have (unknown, expired or malformed). */
  missing: string[];
  /** How many maps of the thread were not read: past the first 100 (PRODUCT §6.10). */
  notShown: number;
  /** False when the server's answer of the thread was itself cut (PRODUCT §5.7): there are more. */
  threadComplete: boolean;
}

/** How far a load has come: maps read (found or missing) of those asked. */
export type LoadProgress = (read: number, total: number) => void;

interface SetItem {
  mapId: string;
  published: string;
  basedOn?: string;
  brief: MapBrief;
  /** The map whole, for the ids asked with `texts`. */
  whole: PublishedMap | null;
}

/** One page of GET /api/maps; throws ApiError for a failed or unreadable answer. */
async function fetchSetPage(
  ids: readonly string[],
  texts: readonly string[],
  after: string | null,
): Promise<{ maps: SetItem[]; missing: string[]; next: string | null }> {
  const query = new URLSearchParams({ ids: ids.join(',') });
  if (texts.length > 0) query.set('texts', texts.join(','));
  if (after !== null) query.set('after', after);
  let response: Response;
  try {
    response = await fetch(siteUrl(`/api/maps?${query.toString()}`), {
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiError('Network error: the server could not be reached', null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !isOk(body))
    throw new ApiError(messageOf(body) ?? `Server answered ${response.status}`, response.status);
  const data = (body as { data?: { maps?: unknown; missing?: unknown; next?: unknown } }).data;
  if (!data || !Array.isArray(data.maps) || !Array.isArray(data.missing))
    throw new ApiError('The server sent an answer this page cannot read', response.status);
  const maps = data.maps.map((item: unknown): SetItem => {
    const { mapId, ...rest } = (item ?? {}) as { mapId?: unknown; data?: unknown };
    if (rest.data !== undefined) {
      const whole = publishedMapShape(rest);
      if (!whole || typeof mapId !== 'string')
        throw new ApiError('The server sent an invalid map', response.status);
      const { published, basedOn } = whole;
      return { mapId, published, ...(basedOn ? { basedOn } : {}), brief: briefOfMap(whole.data), whole };
    }
    const brief = mapSetBriefItemSchema.safeParse(item);
    if (!brief.success) throw new ApiError('The server sent an invalid map', response.status);
    return { ...brief.data, whole: null };
  });
  return {
    maps,
    missing: data.missing.filter((id): id is string => typeof id === 'string'),
    next: typeof data.next === 'string' ? data.next : null,
  };
}

/** The ids of the maps of `root`'s thread (PRODUCT §5.7), and whether the server gave all of them. */
async function readThread(root: MapId): Promise<{ ids: string[]; complete: boolean }> {
  const thread = await fetchThread(root);
  return { ids: thread.maps.map((m) => m.mapId), complete: thread.complete };
}

/**
 * The maps of `ids`, or of `root` and its thread, in brief, page by page (told to `onProgress`):
 * each with its parent in the discussion, the answered map when it is one of them (`basedOn` of
 * the stored map, PRODUCT §5.5); and the draft's map whole: `root`, or the first of `ids` found.
 */
export async function loadDiscussionMaps(
  source: { root: MapId } | { ids: readonly MapId[] },
  onProgress: LoadProgress = () => {},
): Promise<LoadedMaps> {
  const thread = 'root' in source ? await readThread(source.root) : { ids: [], complete: true };
  const ids = [...new Set('root' in source ? [source.root, ...thread.ids] : source.ids)];
  const wanted = ids.slice(0, discussionMaxMaps);
  const items: SetItem[] = [];
  const missing: string[] = [];
  // The pages of one set, one after the other: each is at most a few MB (PRODUCT §5.9).
  for (let after: string | null = null; ;) {
    const page = await fetchSetPage(wanted, wanted.slice(0, 1), after);
    items.push(...page.maps);
    missing.push(...page.missing);
    onProgress(items.length + missing.length, wanted.length);
    if (page.next === null) break;
    after = page.next;
  }
  const present = new Set(items.map((item) => item.mapId));
  const maps = items.map(({ mapId, published, basedOn, brief }) => ({
    id: mapId as MapId,
    published,
    brief,
    parent: basedOn && present.has(basedOn) && basedOn !== mapId ? (basedOn as MapId) : null,
  }));
  const firstFound = wanted.find((id) => present.has(id));
  const whole = items.find((item) => item.mapId === firstFound)?.whole;
  const draftMap = firstFound && (whole ?? (await fetchMap(firstFound)));
  return {
    maps,
    draftMap: firstFound && draftMap ? { id: firstFound as MapId, map: draftMap } : null,
    missing,
    notShown: ids.length - wanted.length,
    threadComplete: thread.complete,
  };
}
