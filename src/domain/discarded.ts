import { parseMapId } from './map-id';

// PRODUCT §7.4, §15.1: a discarded draft is kept for 30 days for "Recently discarded" on Your maps,
// and gives up its room to drafts, oldest first. Which keys are discarded drafts, which are kept,
// and in what order they go: pure, for the storage code (client/draft/storage/discarded-drafts.ts).

/** A discarded draft is kept this long after its discard (rule K1). */
const discardedLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** Where a discarded draft is kept: its storage key, its draft id and when it was discarded. */
export interface DiscardedKey {
  key: string;
  draftId: string;
  /** Milliseconds since the epoch. */
  discardedAt: number;
}

const discardedKeyPattern = /^discarded\.(\d{1,15})\.(draft\..+)$/;

/** The storage key of `draftId` discarded at `discardedAt` (rule K1): `discarded.{ms}.{draft id}`. */
export function discardedKey(draftId: string, discardedAt: Date): string {
  return `discarded.${discardedAt.getTime()}.${draftId}`;
}

/** The parts of a key of rule K1, or null for any other key (or a draft id that is not one). */
export function parseDiscardedKey(key: string): DiscardedKey | null {
  const match = discardedKeyPattern.exec(key);
  if (!match) return null;
  const [, at, draftId] = match as unknown as [string, string, string];
  const parsed = parseMapId(draftId);
  if (!parsed.ok || !parsed.value.isDraft) return null;
  return { key, draftId, discardedAt: Number(at) };
}

/**
 * Splits discarded drafts into those kept at `now`, newest discard first, and those older than
 * 30 days, to delete (rule K1). Pure.
 */
export function partitionDiscarded<T extends DiscardedKey>(
  entries: readonly T[],
  now: Date,
): { kept: T[]; expired: T[] } {
  const kept: T[] = [];
  const expired: T[] = [];
  for (const entry of entries)
    (now.getTime() - entry.discardedAt >= discardedLifetimeMs ? expired : kept).push(entry);
  return { kept: kept.sort((a, b) => b.discardedAt - a.discardedAt), expired };
}

/** The order in which discarded drafts give up their room to a draft (rule K2): oldest discard first. Pure. */
export function evictionOrder<T extends DiscardedKey>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.discardedAt - b.discardedAt);
}
