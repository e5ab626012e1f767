import type { MapData } from '../../domain/belief-map';
import { briefOfMap } from '../../domain/discussion/map-brief';
import type { StoredSetItem } from './map-store';

// How both stores read a set of maps (PRODUCT §5.9) and keep briefs (rule N16), in one place.

/** Briefs are a few KB: this many to a query keeps round trips few and a chunk small. */
const briefsPerChunk = 10;

/**
 * `ids` (sorted, as rule N13 gives them) in the chunks a store reads at once: up to
 * `briefsPerChunk` maps in brief, or one whole map (up to the body limit), alone, so that no chunk
 * holds more than one map's text.
 */
export function setChunks(ids: readonly string[], whole: ReadonlySet<string>): string[][] {
  const chunks: string[][] = [];
  let chunk: string[] = [];
  for (const id of ids) {
    if (whole.has(id) || chunk.length === briefsPerChunk) {
      if (chunk.length > 0) chunks.push(chunk);
      chunk = [];
    }
    chunk.push(id);
    if (whole.has(id)) {
      chunks.push(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/**
 * The brief of the map whose data is `dataJson`, as JSON text: what a row stored without one (by
 * an older instance, or before briefs were stored) is given. Null when the text is not a map,
 * which publishing never stores: such a row is then answered whole.
 */
export function briefJsonOf(dataJson: string): string | null {
  try {
    return JSON.stringify(briefOfMap(JSON.parse(dataJson) as MapData));
  } catch {
    return null;
  }
}

/** A set's row as a store reads it: its brief, or its data when asked whole or it has no brief. */
export function setItemOf(
  row: { id: string; published: string; expiresAt: number; basedOn: string | null },
  json: Buffer | string | null,
  whole: boolean,
  data: string | null,
): StoredSetItem {
  if (json !== null) return { ...row, whole, json: typeof json === 'string' ? Buffer.from(json) : json };
  const brief = briefJsonOf(data!);
  return { ...row, whole: brief === null, json: Buffer.from(brief ?? data!) };
}

/** How many rows a backfill of briefs reads and writes in one statement. */
export const backfillBatchSize = 100;
