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
}

export interface NewMap {
  readonly published: string;
  readonly expiresAt: number;
  /** JSON text as `JSON.stringify` writes it; stored and given back byte for byte. */
  readonly dataJson: string;
}

export interface MapStore {
  /** The map with `id` if it exists and has not expired at `now`; otherwise null. */
  get(id: string, now: Date): Promise<StoredMap | null>;
  /**
   * Stores `map` under the first id from `newId()` that is free, retrying on a collision, and
   * resolves to that id. Resolves only once the map is durably committed.
   */
  publish(map: NewMap, newId: () => string): Promise<string>;
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
