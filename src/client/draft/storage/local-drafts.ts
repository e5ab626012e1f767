import type { Draft } from '../../../domain/belief-map';

// PRODUCT §7.1: drafts live in localStorage under `map.` + draft id. What is stored there
// may be anything (an older version, another app's data, a hand edit), so every read is parsed,
// by stored-draft.ts, which loads with the first draft there is to parse (PRODUCT §13.5).

const draftKey = (draftId: string) => `map.${draftId}`;

/** Local storage refused the write (usually full); the edit is still held in memory. */
export class DraftStorageError extends Error {
  override readonly name = 'DraftStorageError';
}

/** What is stored under `draftId` as it was stored, valid draft or not; null when nothing is. */
export function fetchLocalDraftText(draftId: string, storage?: Storage): string | null {
  try {
    return (storage ?? localStorage).getItem(draftKey(draftId));
  } catch {
    return null;
  }
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
