import { draftSchema, validate, type Draft } from '../../domain/belief-map';
import { isLocalBaseId, parseMapId, type MapIdParts } from '../../domain/map-id';
import { flashDurations } from '../components/flash';
import { ApiError } from './storage/api-client';
import { evictOldestDiscarded, forgetDiscarded, keepDiscarded } from './storage/discarded-drafts';
import { parseStoredDraft } from './storage/stored-draft';
import { isOfflineError } from './storage/publish-map';
import { isDraftEntry, pathAfterDiscard, pathAfterEdit } from './entries';
import type { StepOptions } from './store';
import type { CommandContext, DraftCommands, SaveOutcome } from './command-api';
import type { Direction, HistoryStep } from './history';

// Recently discarded (PRODUCT §7.4) travels with the commands, which load after the page: Your
// maps takes its storage from here, so that its code is one chunk with theirs (PRODUCT §13.5).
export * as discardedDrafts from './storage/discarded-drafts';
export { restoreDiscarded } from './restore-discarded';

// Every change to a draft as the pages make it (PRODUCT §7, §8.1, §9.3, §15.4): edit, merge, save a
// shared draft, create, publish, discard, undo and redo. Each change is one step of the draft's
// history (history.ts) and one flash message (PRODUCT §6.4), shown by the one `announce`; a
// message's Undo is the history's undo of that very step, so the page's Undo button and the flash
// never disagree, and every undo and redo says what it took back ("Undone: merge of 3 reasons").

/** The words of the flash messages of a draft's changes (PRODUCT §6.4). */
export const flashTexts = {
  publishing: 'Publishing map...',
  redirecting: 'Redirecting to published map',
  publishError: 'Error publishing map',
  draftDeleted: 'Draft deleted',
  draftUpdated: 'Draft updated',
  draftSaved: 'Draft saved',
  itemDeleted: 'Item deleted',
  nothingToUndo: 'Nothing to undo',
  nothingToRedo: 'Nothing to redo',
} as const;

/** What the flash bar says once a step is undone or redone (PRODUCT §7.6). */
export function stepAnnouncement(direction: Direction, step: HistoryStep): string {
  return `${direction === 'undo' ? 'Undone' : 'Redone'}: ${step.label}`;
}

interface Announcement {
  text: string;
  tone?: 'info' | 'error';
  /** The step the message's Undo takes back; no Undo without one. */
  step?: HistoryStep | null;
  onUndone?: (() => void) | undefined;
}

/**
 * What saving a shared draft over `kept`, the value kept under its id, must ask first (PRODUCT
 * §15.4): 'exists' for a valid draft, or the text of anything else (an older version's draft, a
 * damaged one), to download before it is replaced, since nothing may be replaced silently.
 */
function keptDraftOutcome(draftId: string, kept: unknown): SaveOutcome {
  // Local storage keeps a draft as text, a host as a value.
  if (typeof kept === 'string') return parseStoredDraft(kept, draftId) ? 'exists' : { unreadable: kept };
  if (validate(draftSchema, kept).ok) return 'exists';
  return { unreadable: JSON.stringify(kept, null, 2) ?? String(kept) };
}

function parts(draftId: string): MapIdParts {
  const parsed = parseMapId(draftId);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/**
 * The draft commands over `store`, telling what they do in `flash`; `pathname` is the page's, for
 * where an edit or a discard goes next. Loaded when first used (use-commands.ts).
 */
export function createDraftCommands({ store, flash, pathname, navigate }: CommandContext): DraftCommands {
  {
    // PRODUCT §7.4: a discarded draft is kept for Recently discarded on Your maps, in this browser's
    // storage, so only when the drafts are kept there too (a host's are not, PRODUCT §11.2).
    const keepsDiscarded = !store.persistence.host.fetchDraft;

    /**
     * Stores again a draft whose write storage refused, as discarded drafts give up their room one
     * by one, oldest first (rule K2); resolves to the refusal that remains, or null once it fits.
     */
    async function makeRoom(draftId: string, saveError: string | null): Promise<string | null> {
      while (saveError && keepsDiscarded && evictOldestDiscarded())
        saveError = (await store.edit(draftId, (draft) => draft)).saveError;
      return saveError;
    }

    /** The store's refusal of the draft's latest write, or null. */
    function saveErrorOf(draftId: string): string | null {
      const entry = store.getSnapshot().entries[draftId];
      return isDraftEntry(entry) ? entry.saveError : null;
    }

    /** The one way a draft's change is told: a flash message, with Undo when it made a step. */
    function announce(draftId: string, { text, tone = 'info', step, onUndone }: Announcement): void {
      const undo = step && (() => void move(draftId, 'undo', { stepId: step.id, asBefore: true }, onUndone));
      flash.show({ text, tone, durationMs: flashDurations.undo, ...(undo ? { undo } : {}) });
    }

    /** Undoes or redoes through the history, the only way back, and says what it took back. */
    async function move(
      draftId: string,
      direction: Direction,
      options: StepOptions,
      onMoved?: () => void,
    ): Promise<void> {
      const entry = store.getSnapshot().entries[draftId];
      const moved = await (direction === 'undo' ? store.undo(draftId, options) : store.redo(draftId));
      if (moved?.kind === 'discard' && keepsDiscarded) {
        // Recently discarded follows the discard undone or made again (PRODUCT §7.4).
        if (direction === 'undo') forgetDiscarded(draftId, moved.before.draft);
        else keepDiscarded(draftId, isDraftEntry(entry) ? entry.draft : moved.before.draft);
      }
      if (moved) await makeRoom(draftId, saveErrorOf(draftId));
      const nothing = direction === 'undo' ? flashTexts.nothingToUndo : flashTexts.nothingToRedo;
      announce(draftId, { text: moved ? stepAnnouncement(direction, moved) : nothing });
      if (moved) onMoved?.();
    }

    const edit: DraftCommands['edit'] = async (draftId, change, options = {}) => {
      const id = parts(draftId);
      const edited = await store.edit(id.draftId, change);
      const result = { ...edited, saveError: await makeRoom(id.draftId, edited.saveError) };
      const path = pathAfterEdit(pathname, id);
      if (path) void navigate(path);
      if (result.saveError) announce(id.draftId, { text: result.saveError, tone: 'error' });
      else if (options.announce)
        announce(id.draftId, { text: flashTexts[options.announce], step: result.step });
      return result;
    };

    const merge: DraftCommands['merge'] = async (draftId, change, onUndone) => {
      try {
        const edited = await store.edit(draftId, change, 'merge');
        const { step } = edited;
        const saveError = await makeRoom(draftId, edited.saveError);
        announce(draftId, {
          text: saveError ?? flashTexts.draftUpdated,
          tone: saveError ? 'error' : 'info',
          step,
          onUndone,
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        announce(draftId, { text: `The draft could not be changed: ${reason}`, tone: 'error' });
      }
    };

    const saveShared: DraftCommands['saveShared'] = async (draftId, draft, replace) => {
      if (!replace) {
        const kept = await store.keptDraft(draftId);
        if (kept !== null) return keptDraftOutcome(draftId, kept);
      }
      const stamped = (now: Date): Draft => ({ ...draft, updatedAt: now.toISOString() });
      /** A new draft, no step back: there is no base to copy (rule I5, or the base expired). */
      const createNew = async (): Promise<SaveOutcome> => {
        const saveError = await create(draftId, stamped(new Date()));
        if (saveError) return { error: saveError };
        void navigate(`/map/${draftId}`);
        return 'saved';
      };
      if (isLocalBaseId(parts(draftId).baseId)) return createNew();
      // Over the draft kept there, or over a fresh copy of its base: one step either way.
      const result = await store.edit(draftId, (_, now) => stamped(now), 'shared draft').catch(() => null);
      if (result === null) return createNew();
      const saveError = await makeRoom(draftId, result.saveError);
      if (saveError) return { error: saveError };
      void navigate(`/map/${draftId}`);
      announce(draftId, {
        text: replace ? flashTexts.draftUpdated : flashTexts.draftSaved,
        step: result.step,
      });
      return 'saved';
    };

    /** Stores a new draft; a refused write is tried again as discarded drafts give up their room (rule K2). */
    async function create(draftId: string, draft: Draft): Promise<string | null> {
      let saveError = await store.create(draftId, draft);
      while (saveError && keepsDiscarded && evictOldestDiscarded())
        saveError = await store.create(draftId, draft);
      return saveError;
    }

    const publish: DraftCommands['publish'] = async (draftId, answering) => {
      flash.showPending(flashTexts.publishing);
      try {
        const mapId = await store.publish(parts(draftId).draftId, answering ?? null);
        flash.show({ text: flashTexts.redirecting, durationMs: flashDurations.redirect });
        void navigate(`/map/${mapId}`);
        return { ok: true, mapId };
      } catch (error) {
        console.warn('Publishing failed:', error);
        const reason = error instanceof ApiError ? error.message : flashTexts.publishError;
        if (isOfflineError(error)) {
          flash.show({ text: reason, tone: 'error', durationMs: flashDurations.undo });
          return { ok: false, reason, offline: true };
        }
        flash.show({ text: flashTexts.publishError, tone: 'error', durationMs: flashDurations.publishError });
        return { ok: false, reason, offline: false };
      }
    };

    const discard: DraftCommands['discard'] = async (draftId, onUndone) => {
      const id = parts(draftId);
      // What is discarded must be at hand, for its Undo (Your maps lists drafts it never loaded).
      if (!isDraftEntry(store.getSnapshot().entries[id.draftId])) await store.load(id.draftId);
      const step = await store.discard(id.draftId);
      if (step?.kind === 'discard' && keepsDiscarded) keepDiscarded(id.draftId, step.before.draft);
      const onDraftPage = pathname === `/map/${id.draftId}` || pathname === `/map/${id.baseId}`;
      if (onDraftPage) void navigate(pathAfterDiscard(id));
      announce(id.draftId, {
        text: flashTexts.draftDeleted,
        step,
        onUndone: () => {
          if (onDraftPage) void navigate(`/map/${id.draftId}`);
          onUndone?.();
        },
      });
    };

    return {
      edit,
      merge,
      saveShared,
      create,
      publish,
      discard,
      undo: (draftId) => move(parts(draftId).draftId, 'undo', {}),
      redo: (draftId) => move(parts(draftId).draftId, 'redo', {}),
    };
  }
}
