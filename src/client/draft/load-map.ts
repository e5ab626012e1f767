import type { Draft, PublishedMap } from '../../domain/belief-map';
import { createDraft } from '../../domain/draft';
import { parseMapId, type MapIdParts } from '../../domain/map-id';
import { err, ok, type Result } from '../../domain/result';
import type { Persistence } from './storage/host';

// PRODUCT §7.2: what opening a map id loads. Shared by the map and compare pages.

/** A map as the pages show it: a published (or built-in) map, or a draft of one. */
export type LoadedMap =
  | {
      kind: 'published';
      id: MapIdParts;
      map: PublishedMap;
      /** its draft, if one exists */ draft: Draft | null;
    }
  | {
      kind: 'draft';
      id: MapIdParts;
      draft: Draft;
      /** false when just copied from its base */ stored: boolean;
      /** The base map, when it was loaded to copy it. */
      base?: PublishedMap;
    };

/**
 * Loads `input` (a URL's map id). A published id loads the map and its draft (an absent or invalid
 * draft counts as none). A draft id loads the stored draft or, when there is none, its base map
 * copied into a new, not yet stored draft. Fails for a bad id, an unknown map or a network error.
 */
export async function loadMap(
  persistence: Persistence,
  input: string,
  now: () => Date = () => new Date(),
): Promise<Result<LoadedMap>> {
  const parsed = parseMapId(input);
  if (!parsed.ok) return parsed;
  const id = parsed.value;
  try {
    if (id.isDraft) {
      const draft = await persistence.fetchDraft(id.draftId);
      if (draft) return ok({ kind: 'draft', id, draft, stored: true });
      const base = await persistence.fetchMap(id.baseId);
      if (!base) return err(`Map ${id.baseId} does not exist`);
      return ok({ kind: 'draft', id, draft: createDraft(base, now()), stored: false, base });
    }
    const [map, draft] = await Promise.all([
      persistence.fetchMap(id.baseId),
      persistence.fetchDraft(id.draftId).catch(() => null),
    ]);
    if (!map) return err(`Map ${id.baseId} does not exist`);
    return ok({ kind: 'published', id, map, draft });
  } catch (error) {
    return err((error as Error).message);
  }
}
