import { mapIdFromInput } from '../compare-ids';
import { isMapId, type MapId } from '../map-id';
import { err, ok, type Result } from '../result';

// The set of maps a discussion shows (rules N13, N14): as the API takes it (`?ids=a,b,c`) and as a
// reader pastes it, one link or id a line.

/** The most maps one discussion, and one request for its maps, takes (rule N13). */
export const discussionMaxMaps = 100;

/**
 * Rule N13: the ids of `GET /api/maps?ids=…`, split on commas, trimmed, each once, in order of id
 * (code units), whatever order they came in, so that one set has one answer to cache. Malformed
 * ids are kept, for the answer to report as missing. Refused: no ids, or more than 100. Pure.
 */
export function parseMapSetIds(value: unknown): Result<string[]> {
  if (typeof value !== 'string') return err('ids must name the maps to read, e.g. ids=a,b,c');
  const ids = [...new Set(value.split(',').map((id) => id.trim()))].filter((id) => id !== '');
  if (ids.length === 0) return err('ids must name the maps to read, e.g. ids=a,b,c');
  if (ids.length > discussionMaxMaps)
    return err(`ids names ${ids.length} maps; at most ${discussionMaxMaps} can be read at once`);
  return ok(ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The maps pasted for a discussion, and the lines that name none (rule N14). */
export interface PastedMaps {
  /** Each map once, in the order first pasted. */
  ids: MapId[];
  /** The lines that are not a link to a map or a map id, as pasted (trimmed). */
  bad: string[];
}

/**
 * Rule N14: the lines of `text`, each a link to a map or its id (rule C9); blank lines are skipped,
 * a draft's id counts as its map's, and a line that names no well-formed id is bad. Pure.
 */
export function parsePastedMaps(text: string): PastedMaps {
  const ids: MapId[] = [];
  const bad: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    const id = mapIdFromInput(trimmed).replace(/^draft\./, '');
    if (isMapId(id)) {
      if (!ids.includes(id)) ids.push(id);
    } else bad.push(trimmed);
  }
  return { ids, bad };
}
