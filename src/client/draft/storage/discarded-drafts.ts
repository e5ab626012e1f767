import { draftSchema, validate, type Draft } from '../../../domain/belief-map';
import {
  discardedKey,
  evictionOrder,
  parseDiscardedKey,
  partitionDiscarded,
  type DiscardedKey,
} from '../../../domain/discarded';

// PRODUCT §7.4, §15.1: a discarded draft is kept in local storage for 30 days, for "Recently
// discarded" on Your maps, under `discarded.{ms}.{draft id}` (rule K1) with the draft's stored form
// as its value. It gives up its room to any draft that needs it, oldest first (rule K2). Loaded only
// by a discard, a refused write and Your maps, never with the first page (PRODUCT §13.5).

export interface DiscardedDraft extends DiscardedKey {
  draft: Draft;
}

/** The discarded drafts kept at `now`, newest discard first; expired and invalid ones are deleted. */
export function listDiscarded(now: Date = new Date(), storage?: Storage): DiscardedDraft[] {
  try {
    storage ??= localStorage;
    const found: DiscardedDraft[] = [];
    for (const entry of discardedKeys(storage)) {
      const draft = parseDraft(storage.getItem(entry.key));
      if (draft) found.push({ ...entry, draft });
      else {
        // Not a draft (PRODUCT §15.1: reported, never a crash): nothing to restore.
        console.warn(`Deleting discarded draft ${entry.draftId}: it is not a valid draft`);
        storage.removeItem(entry.key);
      }
    }
    const { kept, expired } = partitionDiscarded(found, now);
    for (const { key } of expired) storage.removeItem(key);
    return kept;
  } catch {
    return []; // site data blocked: nothing was kept
  }
}

/**
 * Keeps `draft`, just discarded, for Recently discarded. When storage has no room, older discarded
 * drafts give theirs (rule K2); when even that is not enough, it is not kept, and says so in the console.
 */
export function keepDiscarded(
  draftId: string,
  draft: Draft,
  now: Date = new Date(),
  storage?: Storage,
): void {
  try {
    const store = storage ?? localStorage;
    const write = () => store.setItem(discardedKey(draftId, now), JSON.stringify(draft));
    if (!makeRoom(write, store)) console.warn(`No room to keep the discarded draft ${draftId}`);
  } catch {
    // Site data blocked: there is nowhere to keep it.
  }
}

/**
 * Deletes the discarded drafts of `draftId` whose content is `draft`'s: its discard was undone
 * (PRODUCT §7.6), which stores it again with a new `updatedAt`, so only the content tells.
 */
export function forgetDiscarded(draftId: string, draft: Draft, storage?: Storage): void {
  try {
    const store = storage ?? localStorage;
    const content = JSON.stringify(draft.data);
    for (const entry of discardedKeys(store)) {
      const kept = entry.draftId === draftId ? parseDraft(store.getItem(entry.key)) : null;
      if (kept && JSON.stringify(kept.data) === content) store.removeItem(entry.key);
    }
  } catch {
    // Site data blocked: nothing was kept.
  }
}

/**
 * Runs `write` (a `setItem`) and, each time storage refuses it, deletes the oldest discarded draft
 * and tries again (rule K2). True once it fits; false when it still does not with none left.
 */
export function makeRoom(write: () => void, storage?: Storage): boolean {
  let store: Storage;
  let evictable: DiscardedKey[];
  try {
    store = storage ?? localStorage;
    evictable = evictionOrder(discardedKeys(store));
  } catch {
    return false; // site data blocked: no room to make
  }
  for (;;) {
    try {
      write();
      return true;
    } catch {
      const oldest = evictable.shift();
      if (oldest === undefined) return false;
      store.removeItem(oldest.key);
    }
  }
}

/** Deletes the oldest discarded draft, to give its room to a draft (rule K2); false when none is left. */
export function evictOldestDiscarded(storage?: Storage): boolean {
  try {
    const store = storage ?? localStorage;
    const [oldest] = evictionOrder(discardedKeys(store));
    if (oldest) store.removeItem(oldest.key);
    return oldest !== undefined;
  } catch {
    return false; // site data blocked: nothing was kept
  }
}

/** Puts back one entry as it was (the Undo of "Delete for good"). */
export function putDiscarded(entry: DiscardedDraft, storage?: Storage): void {
  try {
    (storage ?? localStorage).setItem(entry.key, JSON.stringify(entry.draft));
  } catch {
    console.warn(`No room to keep the discarded draft ${entry.draftId}`);
  }
}

export function deleteDiscarded(key: string, storage?: Storage): void {
  try {
    (storage ?? localStorage).removeItem(key);
  } catch {
    // Site data blocked: nothing was kept.
  }
}

function discardedKeys(storage: Storage): DiscardedKey[] {
  const keys: DiscardedKey[] = [];
  for (let i = 0; i < storage.length; i++) {
    const entry = parseDiscardedKey(storage.key(i) ?? '');
    if (entry) keys.push(entry);
  }
  return keys;
}

function parseDraft(raw: string | null): Draft | null {
  if (raw === null) return null;
  try {
    const result = validate(draftSchema, JSON.parse(raw));
    return result.ok ? result.value : null;
  } catch {
    return null;
  }
}
