// PRODUCT §7.6: a draft's Undo history lasts for the browser tab's session, so it survives a
// reload of the draft but not the tab. It is kept in session storage under `history.` + draft id;
// what is read back is only raw JSON, for the store to check state by state.

export interface HistoryStorage {
  /** The stored history of `draftId` as parsed JSON, or null when there is none or it is not JSON. */
  read(draftId: string): unknown;
  /** Stores it; false when storage refused (full, blocked), so the caller can store less. */
  write(draftId: string, history: unknown): boolean;
}

const historyKey = (draftId: string) => `history.${draftId}`;

/** Session storage, where reading or writing never throws (blocked, full, or no browser at all). */
export const sessionHistories: HistoryStorage = {
  read(draftId) {
    try {
      const raw = sessionStorage.getItem(historyKey(draftId));
      return raw === null ? null : (JSON.parse(raw) as unknown);
    } catch {
      return null;
    }
  },
  write(draftId, history) {
    try {
      sessionStorage.setItem(historyKey(draftId), JSON.stringify(history));
      return true;
    } catch {
      return false;
    }
  },
};

/** A history kept in memory only, for tests and for a page rendered without a browser. */
export function memoryHistories(): HistoryStorage {
  const stored = new Map<string, string>();
  return {
    read: (draftId) => {
      const raw = stored.get(draftId);
      return raw === undefined ? null : (JSON.parse(raw) as unknown);
    },
    write: (draftId, history) => (stored.set(draftId, JSON.stringify(history)), true),
  };
}
