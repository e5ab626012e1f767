import { maxMapIdLength } from './limits';
import { err, ok, type Result } from './result';

// PRODUCT §4.1: map ids and the draft ids derived from them.

declare const mapIdBrand: unique symbol;
/** A published or built-in map id that passed `parseMapId`: lowercase letters, digits, hyphens. */
export type MapId = string & { readonly [mapIdBrand]: true };

export const draftPrefix = 'draft.';
export const defaultMapId = 'default' as MapId;

/** What an id in a URL means: a published map, or the browser-local draft of one. */
export interface MapIdParts {
  /** The id exactly as given, e.g. `draft.default`. */
  readonly input: string;
  readonly isDraft: boolean;
  /** The published or built-in map the id names or is a draft of. */
  readonly baseId: MapId;
  /** `draft.` + baseId, whether or not `input` was a draft id. */
  readonly draftId: string;
}

const baseIdPattern = /^[a-z0-9-]+$/;

export function mapIdFormatError(id: string): string {
  return `Map id ${id} does not match expected format`;
}

/** True when `id` (without a draft prefix) is a well-formed published or built-in id. */
export function isMapId(id: string): id is MapId {
  return id.length <= maxMapIdLength && baseIdPattern.test(id);
}

/**
 * Splits an id from a URL into its parts (rule I1–I3). Pure; never throws: a malformed id is an
 * expected outcome and comes back as `{ ok: false, error: "Map id … does not match expected format" }`.
 */
export function parseMapId(input: string): Result<MapIdParts> {
  const isDraft = input.startsWith(draftPrefix);
  const baseId = isDraft ? input.slice(draftPrefix.length) : input;
  if (!isMapId(baseId)) return err(mapIdFormatError(input));
  return ok({ input, isDraft, baseId, draftId: toDraftId(baseId) });
}

/** The draft id of a base id, e.g. `draft.default`. */
export function toDraftId(baseId: MapId): string {
  return draftPrefix + baseId;
}

/** Base ids of drafts made in this browser (an import, a shared draft): never a published id, which has no `--` (rule I5). */
export const localBasePrefix = 'local--';

/** True for a base id of a draft of nothing published (rule I5). */
export function isLocalBaseId(baseId: string): boolean {
  return baseId.startsWith(localBasePrefix);
}
