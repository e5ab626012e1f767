import { draftPrefix, localBasePrefix } from './map-id';

// Rule I5, apart from map-id.ts: only importing and saving a shared draft make new ids, and they load
// later than the first page (PRODUCT §13.5).

/** A new draft id of nothing published (rule I5): `draft.local--` and 12 random characters. */
export function newLocalDraftId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${draftPrefix}${localBasePrefix}${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}
