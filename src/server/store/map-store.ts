// The one interface between the routes and a database (routes never import a driver).
// Every method is async so that SQLite and PostgreSQL implement it alike.

/** A published map as stored: its data kept as the exact JSON text that was validated. */
export interface StoredMap {
  readonly id: string;
  /** ISO timestamp set by the server at publishing. */
  readonly published: string;
  /** When the map stops being served (published + 90 days), in epoch milliseconds. */
  readonly expiresAt: number;
  /**
   * The map's `data` as JSON text. Maps are immutable, so the text is stored once and answered
   * as is, without parsing and serialising it again on every read.
   */
  readonly dataJson: string;
  /** The map it answers (PRODUCT §5.5), or null. */
  readonly basedOn: string | null;
  /** SHA-256 of its author key, base64url; null for maps published before there were keys. */
  readonly authorKeyHash: string | null;
}

/**
 * A listed response, as a page of responses shows it (PRODUCT §5.6): read from its summary
 * columns, never from its text.
 */
export interface StoredResponse {
  readonly id: string;
  readonly published: string;
  readonly title: string;
  readonly reasons: number;
  /** Its balance as the pages show it (rule W5), JSON text. */
  readonly balance: string;
}

/** A map of a set as `GET /api/maps` answers it (PRODUCT §5.9). */
export interface StoredSetItem {
  readonly id: string;
  readonly published: string;
  readonly expiresAt: number;
  readonly basedOn: string | null;
  /** True when `json` is the map's whole data; false when it is its brief (rule N16). */
  readonly whole: boolean;
  /**
   * The map's brief as JSON text, or its whole data when asked for, as UTF-8 bytes: answered as
   * they are stored, never decoded into a string and encoded again (megabytes of work).
   */
  readonly json: Buffer;
}

/** One map of a thread (PRODUCT §5.7). */
export interface ThreadEntry {
  readonly id: string;
  readonly title: string;
  readonly published: string;
  readonly basedOn: string;
}

export interface NewMap {
  readonly published: string;
  readonly expiresAt: number;
  /** JSON text as `JSON.stringify` writes it; stored and given back byte for byte. */
  readonly dataJson: string;
  /** The map it answers, checked by the caller to exist (PRODUCT §5.5); none when absent. */
  readonly basedOn?: string | null;
  /** Listed among `basedOn`'s responses (rule A3); only with `basedOn`. */
  readonly listed?: boolean;
  /** The map's title, kept beside a response for threads, which never read `dataJson`. */
  readonly title?: string;
  /** A response's number of reasons and balance, kept beside it for lists of responses. */
  readonly reasons?: number;
  readonly balance?: string;
  /** SHA-256 of the author key, base64url (PRODUCT §5.8). */
  readonly authorKeyHash?: string | null;
  /** The map's brief (rule N16) as JSON text; made from `dataJson` when read if absent. */
  readonly briefJson?: string;
}

export interface MapStore {
  /** The map with `id` if it exists and has not expired at `now`; otherwise null. */
  get(id: string, now: Date): Promise<StoredMap | null>;
  /**
   * The maps of `ids` that exist and have not expired at `now`, in order of id (code units): each
   * in brief (rule N16), or whole for the ids in `whole`. Rows are read a few at a time as the
   * caller asks for them, so a caller that stops early (a page full, PRODUCT §5.9) has read only
   * what it answers and holds one chunk at most; ids with no such map are left out.
   */
  mapSet(ids: readonly string[], now: Date, whole: ReadonlySet<string>): AsyncIterable<StoredSetItem>;
  /**
   * Stores `map` under the first id from `newId()` that is free, retrying on a collision, and
   * resolves to that id. Resolves only once the map is durably committed.
   */
  publish(map: NewMap, newId: () => string): Promise<string>;
  /**
   * Up to `limit` listed, not hidden, unexpired responses of `baseId` (maps whose basedOn it is),
   * newest first (published, then id, descending), starting after `after` in that order. Null
   * when `after` names no listed, visible response of `baseId` published at that time: a cursor this
   * server never gave.
   */
  responses(
    baseId: string,
    now: Date,
    after: { published: string; id: string } | null,
    limit: number,
  ): Promise<StoredResponse[] | null>;
  /**
   * The hash of the author key of the unexpired map `id` (null for a map published without
   * one), or null when there is no such map; reads no map's text.
   */
  authorKeyOf(id: string, now: Date): Promise<{ authorKeyHash: string | null } | null>;
  /**
   * The listed, not hidden, unexpired responses of any of `baseIds` (up to `limit`), newest first:
   * one depth of a thread.
   */
  responsesOf(baseIds: readonly string[], now: Date, limit: number): Promise<ThreadEntry[]>;
  /**
   * Hides `responseId` from the responses of `baseId` (PRODUCT §5.8). Resolves to false when no
   * unexpired map `responseId` answers `baseId`; true otherwise, hidden before or not.
   */
  hideResponse(baseId: string, responseId: string, now: Date): Promise<boolean>;
  /** Deletes every map expired at `now`; resolves to how many were deleted. */
  deleteExpired(now: Date): Promise<number>;
  /**
   * Resolves when the maps table can be read (a real query on it); rejects otherwise, with
   * StoreUnavailableError when the database does not answer at all.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The database cannot be reached; the API answers 503 and retries on the next request. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

/** `newId()` kept colliding: a broken id generator, never a normal outcome. */
export class IdExhaustedError extends Error {
  override readonly name = 'IdExhaustedError';
}

export const maxIdAttempts = 5;
