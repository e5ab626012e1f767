import { draftSchema, validate, type Draft } from '../../domain/belief-map';

// PRODUCT §7.1: drafts live in localStorage under `map.` + draft id. What is stored there
// may be anything (an older version, another app's data, a hand edit), so every read is parsed.

const draftKey = (draftId: string) => `map.${draftId}`;

/** Local storage refused the write (usually full); the edit is still held in memory. */
export class DraftStorageError extends Error {
  override readonly name = 'DraftStorageError';
}

/** The stored draft, or null when there is none or what is stored is not a valid draft. */
export function fetchLocalDraft(draftId: string, storage?: Storage): Draft | null {
  let raw: string | null;
  try {
    raw = (storage ?? localStorage).getItem(draftKey(draftId));
  } catch {
    return null;
  }
  return raw === null ? null : parseStoredDraft(raw, draftId);
}

/** Parses a stored value; an invalid one counts as no draft (PRODUCT §7.1) and is reported once. */
function parseStoredDraft(raw: string, draftId: string): Draft | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    console.warn(`Ignoring stored draft ${draftId}: it is not JSON`);
    return null;
  }
  const result = validate(draftSchema, json);
  if (!result.ok) {
    console.warn(`Ignoring stored draft ${draftId}: ${result.error}`);
    return null;
  }
  return result.value;
}

/** Every valid draft stored here (PRODUCT §15.1), by draft id; invalid ones are skipped. */
export function listLocalDrafts(storage?: Storage): { draftId: string; draft: Draft }[] {
  const drafts: { draftId: string; draft: Draft }[] = [];
  try {
    // Inside the try: reading `localStorage` itself throws when site data is blocked (PRODUCT §7.1).
    storage ??= localStorage;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith('map.draft.')) continue;
      const draftId = key.slice('map.'.length);
      const draft = fetchLocalDraft(draftId, storage);
      if (draft) drafts.push({ draftId, draft });
    }
  } catch {
    // An unusable storage holds no drafts we can show.
  }
  return drafts;
}

export function persistLocalDraft(draftId: string, draft: Draft, storage?: Storage): void {
  let store: Storage;
  try {
    // Reading `localStorage` itself throws when the browser blocks site data (PRODUCT §7.1).
    store = storage ?? localStorage;
  } catch (error) {
    throw new DraftStorageError(
      `Drafts can't be saved in this browser (${(error as Error).name}: site data is blocked); this draft is kept in this tab only and will be lost when you close it.`,
    );
  }
  try {
    store.setItem(draftKey(draftId), JSON.stringify(draft));
  } catch (error) {
    throw new DraftStorageError(
      `Your browser refused to save the draft (${(error as Error).name}); it is kept in this tab only until you free some space.`,
    );
  }
}

export function deleteLocalDraft(draftId: string, storage?: Storage): void {
  try {
    (storage ?? localStorage).removeItem(draftKey(draftId));
  } catch {
    // Removing cannot fail for lack of space; a storage that throws here is unusable anyway.
  }
}

/**
 * Calls `onChange(draftId)` when another tab changes a stored draft (the `storage` event fires
 * only in other tabs), so two tabs editing one draft stay in step. Returns an unsubscribe function.
 */
export function watchLocalDrafts(onChange: (draftId: string) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === null) onChange('*');
    else if (event.key.startsWith('map.')) onChange(event.key.slice('map.'.length));
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
