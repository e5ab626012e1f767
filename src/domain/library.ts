import * as z from 'zod/mini';
import { mapLifetimeMs } from './limits';
import { isMapId } from './map-id';

// PRODUCT §15.1: what "Your maps" knows of the maps published from this browser. The record is kept
// in local storage, where anything may be written, so each entry is parsed on its own and a corrupt
// one is skipped, never a reason to lose the others (rule L1).

const publishedRecordSchema = z.object({
  mapId: z.string().check(z.refine((id: string) => isMapId(id), 'must be a map id')),
  title: z.string().check(z.minLength(1), z.maxLength(1_000)),
  published: z.iso.datetime(),
  // A refinement, not z.regex: see response-answers.ts.
  authorKey: z.optional(z.string().check(z.refine((key: string) => /^[A-Za-z0-9_-]{16,64}$/.test(key)))),
});

export interface PublishedRecord {
  mapId: string;
  title: string;
  published: string;
  /**
   * The secret that lets this browser hide responses to the map (PRODUCT §5.5, §5.8): kept only
   * here, never sent but in its header.
   */
  authorKey?: string;
}

/** The valid entries of a stored record (any JSON), newest first; others skipped. Pure. */
export function parsePublishedRecords(json: unknown): PublishedRecord[] {
  if (!Array.isArray(json)) return [];
  const records: PublishedRecord[] = [];
  const seen = new Set<string>();
  for (const entry of json) {
    const result = z.safeParse(publishedRecordSchema, entry);
    if (!result.success || seen.has(result.data.mapId)) continue;
    seen.add(result.data.mapId);
    records.push(result.data as PublishedRecord);
  }
  return records.sort((a, b) => b.published.localeCompare(a.published));
}

/** `records` with `record` first and any older entry of its id removed (rule L1). Pure. */
export function addPublishedRecord(
  records: readonly PublishedRecord[],
  record: PublishedRecord,
): PublishedRecord[] {
  return [record, ...records.filter((r) => r.mapId !== record.mapId)];
}

/**
 * Whole days until a map published at `published` is deleted (rule L2): rounded up, so a map with
 * 3.2 days left says 4; null once it is deleted (90 days after publishing, PRODUCT §8.3). Pure.
 */
export function daysUntilDeleted(published: string, now: Date): number | null {
  const left = Date.parse(published) + mapLifetimeMs - now.getTime();
  return left > 0 ? Math.ceil(left / (24 * 60 * 60 * 1000)) : null;
}
