import { draftSchema, validate, type Draft } from '../../domain/belief-map';

// PRODUCT §7.1: drafts live in localStorage under `map.` + draft id. What is stored there
// may be anything (an older version, another app's data, a hand edit), so every read is parsed.

const draftKey = (draftId: string) => `map.${draftId}`;

/** Local storage refused the write (usually full); the edit is still held in memory. */
export class DraftStorageError extends Error {
  override readonly name = 'DraftStorageError';
}

/** The stored draft, or null when there is none or what is stored is not a valid draft. */
export function fetchLocalDraft(draftId: string, storage: Storage = localStorage): Draft | null {
  let raw: string | null;
  try {
    raw = storage.getItem(draftKey(draftId));
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

export function persistLocalDraft(draftId: string, draft: Draft, storage: Storage = localStorage): void {
  try {
    storage.setItem(draftKey(draftId), JSON.stringify(draft));
  } catch (error) {
    throw new DraftStorageError(
      `Your browser refused to save the draft (${(error as Error).name}); it is kept in this tab only until you free some space.`,
    );
  }
}

export function deleteLocalDraft(draftId: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(draftKey(draftId));
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
