import type { Draft } from '../../domain/belief-map';
import type { useFlash } from '../components/flash';
import type { MapsStore, DraftChange, EditResult } from './store';
import type { flashTexts } from './commands';
import type { Answering } from './storage/publish-map';

// What the draft commands (commands.ts) offer the pages. Kept apart from the commands themselves,
// which load when first used (use-commands.ts).

type PublishOutcome = { ok: true; mapId: string } | { ok: false; reason: string; offline: boolean };

/**
 * What saving a shared draft came to: saved (and opened), a draft kept under that id already,
 * something kept there that is not a valid draft (its text, to download before replacing it), or
 * refused.
 */
export type SaveOutcome = 'saved' | 'exists' | { unreadable: string } | { error: string };

export interface DraftCommands {
  /**
   * Applies `change` to the draft `draftId` and stores it as every edit does (PRODUCT §7.3): updatedAt
   * set, reasons re-sorted, stored under `map.` + draft id or by the host; moves to the draft URL
   * if the page was its published URL; a refused write is shown and the edit kept in memory. With
   * `announce`, says so with Undo for 5 s (e.g. “Item deleted”).
   */
  edit(
    draftId: string,
    change: DraftChange,
    options?: { announce?: keyof typeof flashTexts },
  ): Promise<EditResult>;
  /**
   * Merges into the base draft by `change` (the page's merges, applied as one step, rules M1, M9)
   * and says “Draft updated” with Undo (PRODUCT §9.3), or why storing failed (the merge is then
   * kept in this tab). `onUndone` runs once that Undo has put the draft back.
   */
  merge(draftId: string, change: DraftChange, onUndone: () => void): Promise<void>;
  /**
   * Saves a shared draft under its id and opens it (PRODUCT §15.4): “Draft saved” or, with
   * `replace`, “Draft updated” over the draft kept there, with Undo. Without `replace`, what is
   * kept under that id is left alone: the answer is 'exists' for a draft, and `unreadable` for
   * anything else (an older version's draft, a damaged one), never silently replaced.
   */
  saveShared(draftId: string, draft: Draft, replace: boolean): Promise<SaveOutcome>;
  /** Stores `draft` as a new draft (an import, PRODUCT §15.3); resolves to null or why it failed. */
  create(draftId: string, draft: Draft): Promise<string | null>;
  /**
   * Publishes; resolves to the new map id, or to the reason it failed after showing "Error publishing
   * map" (PRODUCT §12.1: the server's reason and when to retry; the offline text of PRODUCT §13.7).
   * `answering`: the map it answers and whether to be listed there (PRODUCT §5.5, §8.1).
   */
  publish(draftId: string, answering?: Answering | null): Promise<PublishOutcome>;
  /**
   * Deletes the draft (PRODUCT §7.4) with “Draft deleted” and Undo for 5 s; from the draft's page,
   * goes to its base map, and back to the draft on Undo. `onUndone` runs once Undo has put it back.
   */
  discard(draftId: string, onUndone?: () => void): Promise<void>;
  /** Steps back through the draft's history (PRODUCT §7.6) and says what it undid. */
  undo(draftId: string): Promise<void>;
  /** Steps forward again after an undo (PRODUCT §7.6) and says what it redid. */
  redo(draftId: string): Promise<void>;
}

/** What the commands work with: the app's store and flash bar, and the page's address. */
export interface CommandContext {
  store: MapsStore;
  flash: ReturnType<typeof useFlash>;
  pathname: string;
  navigate: (path: string) => void;
}
