import type * as HistoryCode from './history';
import type { DraftHistory } from './history';
import { sessionHistories, type HistoryStorage } from './storage/session-history';

// Every draft's Undo history in this tab (PRODUCT §7.6): held in memory, kept in session storage so
// it outlives a reload, and read back lazily. The history's code (patches, labels, reading it back)
// loads after the page, keeping the first load within its budget (PRODUCT §13.5); until then every
// draft has no steps, and the store's changes wait for `code()` in its queue.

/** No steps: a draft's history until the history's code is loaded, and after a publish. */
export const noHistory: DraftHistory = { past: [], future: [] };

let loadedCode: typeof HistoryCode | null = null;
let loadingCode: Promise<typeof HistoryCode> | null = null;

export class SessionHistories {
  private readonly histories = new Map<string, DraftHistory>();
  private awaitingCode = false;

  /** `onChange` is called whenever a history changes, or all of them become readable. */
  constructor(
    private readonly onChange: () => void,
    private readonly storage: HistoryStorage = sessionHistories,
  ) {}

  /** The history's code, loaded once per page; `get` answers real histories once it is here. */
  code(): Promise<typeof HistoryCode> {
    loadingCode ??= import('./history').then((code) => (loadedCode = code));
    const loading = loadingCode;
    if (loadedCode === null && !this.awaitingCode) {
      this.awaitingCode = true;
      void loading.then(() => this.onChange());
    }
    return loading;
  }

  /** The draft's history; the same object until it changes (for useSyncExternalStore). */
  get(draftId: string): DraftHistory {
    if (loadedCode === null) {
      void this.code();
      return noHistory;
    }
    let history = this.histories.get(draftId);
    if (history === undefined) {
      history = loadedCode.parseHistory(this.storage.read(draftId));
      this.histories.set(draftId, history);
    }
    return history;
  }

  /** Keeps `history` and stores it for the session; when storage refuses, with fewer steps back. */
  set(draftId: string, history: DraftHistory): void {
    this.histories.set(draftId, history);
    let kept = history;
    while (!this.storage.write(draftId, kept) && kept.past.length + kept.future.length > 0)
      kept = {
        past: kept.past.slice(Math.ceil(kept.past.length / 2)),
        future: kept.future.slice(Math.ceil(kept.future.length / 2)),
      };
    this.onChange();
  }
}
