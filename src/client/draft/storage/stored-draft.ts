import { draftSchema, validate, type Draft } from '../../../domain/belief-map';
import { fetchLocalDraftText } from './local-drafts';

// PRODUCT §7.1: reading what local storage keeps as drafts, checked with the shared schema. Apart
// from local-drafts.ts, so that the schema (and zod with it) loads with the first draft there is
// to read, not with the page: a first visit has none (PRODUCT §13.5).

/** The stored draft, or null when there is none or what is stored is not a valid draft. */
export function fetchLocalDraft(draftId: string, storage?: Storage): Draft | null {
  const raw = fetchLocalDraftText(draftId, storage);
  return raw === null ? null : parseStoredDraft(raw, draftId);
}

/** Parses a stored value; an invalid one counts as no draft (PRODUCT §7.1) and is reported once. */
export function parseStoredDraft(raw: string, draftId: string): Draft | null {
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
