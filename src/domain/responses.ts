import { isBuiltInMapId } from './built-in/ids';
import { isLocalBaseId, isMapId, type MapId } from './map-id';
import { err, ok, type Result } from './result';

// PRODUCT §5.5, §5.6: a published map may answer another (its `basedOn`), and the maps that
// answer one are its responses, listed newest first a page at a time. These rules are shared by
// the server, which applies them, and any client that reads the answers.

/** Responses in one page of `GET /api/map/{id}/responses` (PRODUCT §5.6). */
export const responsesPageSize = 20;
/** Most maps in the answer of `GET /api/map/{id}/thread` (PRODUCT §5.7). */
export const threadMaxMaps = 200;

/** Where a page of responses ends: the last response shown, in the order newest first. */
export interface ResponsesCursor {
  /** ISO timestamp, as stored and answered. */
  readonly published: string;
  readonly id: MapId;
}

const cursorPrefix = 'r1';
const isoPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const base64urlPattern = /^[A-Za-z0-9_-]+$/;

function toBase64url(ascii: string): string {
  return btoa(ascii).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The opaque cursor of the page after `last` (rule A1): base64url of a version tag, the time and
 * the id. Pure; `decodeResponsesCursor` gives back exactly `last`.
 */
export function encodeResponsesCursor(last: ResponsesCursor): string {
  return toBase64url(`${cursorPrefix}|${last.published}|${last.id}`);
}

export const responsesCursorError = 'Cursor is not one this server gave';

/**
 * The position a cursor names (rule A1), or an error for any text `encodeResponsesCursor` would
 * not have written: another encoding of the same bytes, another version, a time or id of another
 * form. Pure; never throws.
 */
export function decodeResponsesCursor(cursor: string): Result<ResponsesCursor> {
  if (cursor.length === 0 || cursor.length > 300 || !base64urlPattern.test(cursor))
    return err(responsesCursorError);
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return err(responsesCursorError);
  }
  const [prefix, published, id, ...rest] = text.split('|');
  if (prefix !== cursorPrefix || rest.length > 0 || published === undefined || id === undefined)
    return err(responsesCursorError);
  if (!isoPattern.test(published) || Number.isNaN(Date.parse(published)) || !isMapId(id))
    return err(responsesCursorError);
  const position = { published, id };
  // A cursor is ours only as we write it: padding, other trailing bits or a re-dated time are not.
  if (encodeResponsesCursor(position) !== cursor) return err(responsesCursorError);
  return ok(position);
}

/**
 * Whether `basedOn` as sent with a publish can name the map it answers (rule A2): absent or
 * null for none, otherwise a base id of PRODUCT §4.1 that a published or built-in map could
 * have; a draft id, a local draft's base id or any other value is refused with a message.
 * Whether such a map exists is for the server to ask its store. Pure.
 */
export function parseBasedOn(basedOn: unknown): Result<MapId | null> {
  if (basedOn === undefined || basedOn === null) return ok(null);
  if (typeof basedOn !== 'string') return err('basedOn must be a map id or null');
  if (basedOn.startsWith('draft.'))
    return err(`basedOn must name a published map, not a draft: ${basedOn.slice(0, 130)}`);
  if (!isMapId(basedOn)) return err(`basedOn ${basedOn.slice(0, 130)} is not a map id`);
  if (isLocalBaseId(basedOn)) return err(`basedOn ${basedOn} names no published map`);
  return ok(basedOn);
}

/**
 * Why a publish is not listed among its base's responses (rule A3), or null when it is: only a
 * map that asks to be listed and answers a published map is; a built-in base (a draft of the
 * worked example or of a new map) never lists. Pure.
 */
export function listingRefusal(listed: boolean, basedOn: MapId | null): string | null {
  if (!listed) return 'The author did not ask to be listed';
  if (basedOn === null) return 'Only a map that answers a published map is listed';
  if (isBuiltInMapId(basedOn)) return 'A map that answers a built-in map is never listed';
  return null;
}

/** What a publish request says about the map it answers (PRODUCT §5.5). */
export interface ResponseFields {
  readonly basedOn: MapId | null;
  /** Whether the author asked to be listed; false when absent. */
  readonly listed: boolean;
}

/**
 * `basedOn` (rule A2) and `listed` of a publish request, whose other fields the map schema reads:
 * `listed` must be absent, true or false. Pure; the first problem is the error.
 */
export function parseResponseFields(body: unknown): Result<ResponseFields> {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const basedOn = parseBasedOn(fields.basedOn);
  if (!basedOn.ok) return basedOn;
  const listed = fields.listed;
  if (listed !== undefined && typeof listed !== 'boolean') return err('listed must be true or false');
  return ok({ basedOn: basedOn.value, listed: listed === true });
}
