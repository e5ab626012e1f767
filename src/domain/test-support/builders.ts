import type { MapData, Reason, ReasonId } from '../belief-map';

// Test support only (imported by tests, never by the app): reasons and maps for tests to start
// from, so that a test spells out only the fields it is about. What they build is in the stored
// form and passes the schema unchanged (V2–V5) unless a test overrides a field with bad data.

/** The n-th of a family of distinct, valid (version 4) reason ids, in ascending order of n. */
export function reasonId(n: number): ReasonId {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}` as ReasonId;
}

/** Reason `n`: id `reasonId(n)`, titled "Reason n", no relevance, agreed with and supporting. */
export function reason(n: number, fields: Partial<Reason> = {}): Reason {
  return {
    id: reasonId(n),
    title: `Reason ${n}`,
    relevance: null,
    belief: 'agree',
    support: 'support',
    ...fields,
  };
}

/**
 * A reason as a person adds it: a fresh random id (as the client gives one), this title, and no
 * relevance or ratings unless `fields` give them. For tests that tell reasons apart by title.
 */
export function newReason(title: string, fields: Partial<Omit<Reason, 'title'>> = {}): Reason {
  return {
    id: crypto.randomUUID() as ReasonId,
    title,
    relevance: null,
    belief: null,
    support: null,
    ...fields,
  };
}

/** A map with these reasons, titled "Bike lane on Main Street" and without description. */
export function mapData(reasons: Reason[], fields: Partial<MapData> = {}): MapData {
  return { title: 'Bike lane on Main Street', description: null, reasons, ...fields };
}
